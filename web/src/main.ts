// The playground: loads the default scenario into the editors, runs it in the
// benchmark Worker, and shows the results. What the page shows and the rules
// for keeping or dropping it live in `PageState`; this file wires events.
import './styles.css';
import { AnalysisClient } from './analysis/client';
import { summarize, toMarkers, type Diagnosis } from './analysis/diagnosis';
import { BenchClient, RunCancelled } from './bench/client';
import { compiledAvailable, ejectProject, hasBundledCode, type RustcMessage, type Translation } from './bench/compiled-client';
import { CodeNeedsLeave, cancelNative, nativeAvailable, runNatively } from './bench/native-client';
import type { Progress, RunRequest } from './bench/protocol';
import { nativeProblem } from './native';
import { recordedNative } from './native-recorded';
import { catalogOrEmpty, loadDocument } from './scenarios/catalog';
import { type Checked, surprises } from './surprises';
import type { Report, ScenarioDocument, Settings } from './report';
import { type Preset, SEED_SETTINGS } from './presets';
import { measureQuick } from './bench/quick-run';
import { parseSettings } from './settings';
import { byId } from './ui/dom';
import { ui } from './ui/elements';
import { onFileDrop } from './ui/drop';
import { ProgressLine } from './ui/progress';
import { ReportView } from './ui/report-view';
import { applyPreset, chosenVariants, requestedVariants, setSettings, showVariants } from './ui/settings-form';
import { Editors, explainRules } from './ui/editors';
import { RuleDocs } from './ui/rule-docs';
import { renderChips, renderPanel } from './ui/environment';
import { asReport, readFileText } from './ui/files';
import { renderGallery } from './ui/gallery';
import { ComparisonView } from './ui/comparison-view';
import { compiledFor } from './ui/compiled-step';
import { showTranslations } from './ui/translations';
import { parseDocument } from './state/document';
import { loadPreset, loadSaved, save, savePreset } from './state/saved';
import { type Made, inputsChooseRoot, presetOnOpen, presetWhenOwn, rootGone, sameInputs, wantsExamples } from './state/ownership';
import { showHeader, showPicker, showRoots } from './ui/scenario-head';
import { isShareFragment, readShareFragment } from './state/share';
import { toCsv, toJson, toMarkdown } from './export';
import { cliCommand, downloadText, fileName } from './ui/sharing';
import { showDownloaded, showEmbedSnippet, showShareLink } from './ui/share-box';
import { applyTheme, themeParam } from './ui/theme';
import { PageState } from './state/page-state';

const DEFAULT_SCENARIO = 'user-signup';

const params = new URLSearchParams(location.search);
applyTheme(document.documentElement, themeParam(params));

const editors = new Editors(byId('schema-editor', HTMLDivElement), byId('input-editor', HTMLDivElement), byId('input-tabs', HTMLDivElement));
editors.onProblem = (message) => showMessage(message, 'error');
const client = new BenchClient((message) => showMessage(`The benchmark worker stopped (${message}) and was restarted.`, 'error'));
const state = new PageState();
/** The site's scenario catalog: a docs author's scenarios, and where recorded native figures are. */
const catalog = catalogOrEmpty();
const progress = new ProgressLine(ui.progressBar, ui.progressText);
const results = new ReportView(state, async (doc) => recordedNative(doc, state.shipped, await catalog), (text) => showMessage(text, 'error'));
/** Stops the native run under way. */
let nativeAbort: AbortController | null = null;
/** This page's runs, the latest beside an earlier one. */
const comparison = new ComparisonView(ui.comparison);

const analysis = new AnalysisClient(showDiagnosis, (message) => {
  ui.schemaStatus.textContent = `analyzer: ${message}`;
  ui.schemaStatus.className = 'schema-status error';
});

function showDiagnosis(diagnosis: Diagnosis): void {
  const scenario = state.scenario;
  if (scenario && rootGone(scenario, diagnosis.types)) {
    // Pasted over the scenario: the definitions are the person's own now, and
    // automatic means automatic. Analysed again without the scenario's root.
    becomeOwn(scenario.settings);
    analyzeSchema(true);
    return;
  }
  state.automatic = diagnosis.automatic;
  if (chosenWithoutInputs) chosenWithoutInputs.root = diagnosis.automatic?.name ?? null;
  editors.markMisfits(
    new Map(state.analyzedInputs.flatMap((name, i) => {
      const why = diagnosis.misfits[i];
      return why ? [[name, why] as const] : [];
    })),
  );
  offerExamples(diagnosis);
  editors.setMarkers(toMarkers(diagnosis));
  editors.setAssumed(diagnosis.assumed);
  const errors = diagnosis.diagnostics.some((d) => d.severity === 'error');
  if (state.takeRestored()) {
    // Restored work that does not analyze is still the user's: say so, keep it.
    if (errors) {
      showMessage(
        `Your last work is restored, but its definitions do not run yet (${summarize(diagnosis)}; see the marks in the editor). Your text is kept: fix it, or Reset to load the bundled scenario.`,
        'error',
      );
    }
  }
  ui.schemaStatus.textContent = summarize(diagnosis);
  ui.schemaStatus.className = `schema-status ${errors ? 'error' : diagnosis.diagnostics.length > 0 ? 'warn' : 'good'}`;
  showRoots(state, diagnosis.types, diagnosis.automatic);
  showHeader(state);
}

/** Counts the messages shown: a late answer does not cover a newer message. */
let messagesShown = 0;

/** The inputs the page made for pasted definitions, last time it made some, and for which definitions. */
let made: Made | null = null;
/** The definitions inputs were last asked for (one request per text). */
let examplesAskedFor: string | null = null;
/** Inputs being made: a run waits for them, so that it runs what the page shows next. */
let examplesInFlight: Promise<void> | null = null;

/**
 * A paste whose root none of the page's inputs fits (the scenario's, left as
 * they were) gets inputs made for it: a value that keeps every rule and one
 * that breaks one. Without them a newcomer's first run would time serde's
 * "missing field" error on every row. Inputs the person wrote are never replaced.
 */
function offerExamples(diagnosis: Diagnosis): void {
  const scenario = state.scenario;
  const inputs = editors.inputs();
  const schema = editors.schemaText();
  const shipped = state.shipped.map((doc) => doc.inputs);
  if (!scenario || !wantsExamples(scenario, diagnosis, inputs, schema, shipped, made)) return;
  if (examplesAskedFor === schema) return;
  examplesAskedFor = schema;
  const root = diagnosis.automatic?.name ?? null;
  const attention = editors.attention;
  const shown = messagesShown;
  const remaking = made !== null && sameInputs(made.inputs, inputs);
  examplesInFlight = client.examples(schema, root, Object.values(inputs)).then(
    (examples) => {
      // Only onto the same page: an edit meanwhile is the person's, and so
      // are inputs they turned to (a paste may be on its way into a tab).
      if (editors.schemaText() !== schema || !sameInputs(editors.inputs(), inputs) || editors.attention !== attention) return;
      // A scenario's inputs that decode as the pasted root run as they are.
      if (!remaking && examples.inputs_decode) return;
      const texts: Record<string, string> = { valid: examples.valid };
      if (examples.invalid) texts['invalid'] = examples.invalid.text;
      made = { inputs: texts, schema };
      editors.replaceInputs(texts);
      // A message shown meanwhile (a refused link, a run's error) is newer: it stays.
      if (messagesShown !== shown) return;
      const broken = examples.invalid
        ? `, “invalid” breaks a rule of \`${examples.invalid.field}\``
        : ` (no rule of its own fields can be broken by a made value: + adds an input of yours)`;
      showMessage(
        `Inputs were made for ${examples.root}: “valid” ${examples.keeps_rules ? 'keeps every rule' : 'is the closest made value (one of its rules could not be kept: edit it)'}${broken}. Edit them, or paste your own.`,
        'info',
      );
    },
    (error: unknown) => {
      if (messagesShown !== shown) return;
      const why = error instanceof Error ? error.message : String(error);
      showMessage(`The inputs do not fit ${root ?? 'the root'}, and none could be made for it (${why}). Paste an input of yours.`, 'error');
    },
  ).finally(() => {
    examplesInFlight = null;
  });
}

/** A paste no longer holds the scenario's root: the work is the person's (see state/ownership.ts). */
function becomeOwn(scenarioSettings: Settings): void {
  state.makeOwn();
  showPicker(state);
  const form = parseSettings({ warmup: ui.warmup.value, runs: ui.runs.value, iterations: ui.iterations.value });
  const preset = presetWhenOwn(ui.preset.value as Preset, form.ok ? form.settings : scenarioSettings, scenarioSettings);
  if (preset !== ui.preset.value) {
    applyPreset(preset);
    savePreset(storage, preset);
  }
  showHeader(state);
  saveSoon();
}

/** The document as the page holds it now: the scenario with the user's edits. */
function currentDocument(): ScenarioDocument | null {
  const scenario = state.scenario;
  if (!scenario) return null;
  const parsed = parseSettings({ warmup: ui.warmup.value, runs: ui.runs.value, iterations: ui.iterations.value });
  const doc: ScenarioDocument = {
    ...scenario,
    schema: editors.schemaText(),
    inputs: editors.inputs(),
    settings: parsed.ok ? parsed.settings : scenario.settings,
    data: ui.data.value === 'random' ? 'random' : 'serial',
  };
  delete doc.results;
  return doc;
}

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the work in localStorage, a moment after the last change. */
function saveSoon(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    const doc = currentDocument();
    if (doc) save(storage, doc);
  }, 300);
}

// A reload or a closed tab within the moment after the last change keeps it too.
window.addEventListener('pagehide', () => {
  if (saveTimer === undefined) return;
  clearTimeout(saveTimer);
  const doc = currentDocument();
  if (doc) save(storage, doc);
});

/**
 * The definitions the automatic root was last chosen for without the inputs
 * (see `inputsChooseRoot`), and the root: a run of them runs that root, the
 * one the page shows, not one the worker would choose by those inputs.
 */
let chosenWithoutInputs: { schema: string; root: string | null } | null = null;

function analyzeSchema(now = false): void {
  const schema = editors.schemaText();
  const all = editors.inputs();
  const scenario = state.scenario;
  const shipped = state.shipped.map((doc) => doc.inputs);
  const choose = !scenario || inputsChooseRoot(scenario, all, schema, shipped, made);
  const inputs = choose ? all : {};
  chosenWithoutInputs = choose ? null : { schema, root: null };
  state.analyzedInputs = Object.keys(inputs);
  analysis.request(schema, scenario?.root ?? null, Object.values(inputs), now);
}

/** `doc` as a run takes it: its root pinned where the page chose it without the inputs. */
function forRun(doc: ScenarioDocument): ScenarioDocument {
  const chosen = chosenWithoutInputs;
  if (doc.root !== undefined || !chosen || chosen.schema !== doc.schema || !chosen.root) return doc;
  return { ...doc, root: chosen.root };
}

function showMessage(text: string, kind: 'error' | 'info'): void {
  messagesShown++;
  ui.message.textContent = text;
  ui.message.className = `message ${kind}`;
  ui.message.hidden = false;
}

function clearMessage(): void {
  ui.message.hidden = true;
  ui.message.textContent = '';
}

function loadScenario(doc: ScenarioDocument, preset: Preset = presetOnOpen(doc)): void {
  state.load(doc);
  state.automatic = null;
  showPicker(state);
  showHeader(state);
  editors.load(doc.schema, doc.inputs);
  setSettings(doc.settings);
  applyPreset(preset);
  ui.data.value = doc.data ?? 'serial';
  showVariants(doc.variants);
  analyzeSchema(true);
}

function setRunning(running: boolean): void {
  ui.run.disabled = running;
  ui.runNative.disabled = running;
  ui.picker.disabled = running;
  ui.reset.disabled = running;
  ui.galleryOpen.disabled = running;
  ui.cancel.hidden = !running;
  ui.progress.hidden = !running;
  if (running) {
    ui.progressBar.value = 0;
    ui.progressText.textContent = 'starting…';
  }
}

type Engines = 'all' | 'compiled' | 'interpreted';


async function run(): Promise<void> {
  if (!state.scenario || client.running) return;
  if (examplesInFlight) {
    await examplesInFlight;
    if (client.running) return;
  }
  const quick = ui.preset.value === 'quick';
  // Quick sizes its own runs: the settings typed are not read.
  const parsed = quick
    ? ({ ok: true, settings: SEED_SETTINGS } as const)
    : parseSettings({ warmup: ui.warmup.value, runs: ui.runs.value, iterations: ui.iterations.value });
  if (!parsed.ok) {
    showMessage(parsed.error, 'error');
    return;
  }
  const variants = requestedVariants();
  if (variants.length === 0) {
    showMessage('Tick at least one variant to run.', 'error');
    return;
  }
  const saved = currentDocument();
  if (!saved) return;
  if (!quick) saved.settings = parsed.settings;
  save(storage, saved);
  const doc = forRun(saved);
  clearMessage();
  setRunning(true);
  const engines = ui.engines.value as Engines;
  const env = { browser: navigator.userAgent, os: navigator.platform, date: new Date().toISOString() };
  // Every job runs once before timing; what surprises is said then.
  const onChecked = (outcomes: Checked[]) => {
    const surprising = surprises(outcomes);
    if (surprising.length > 0) showMessage(`${surprising.join(' ')} Timing it anyway.`, 'info');
  };
  // The first run downloads and compiles the benchmark module (~1.4 MB).
  const onLoading = () => (ui.progressText.textContent = 'loading the benchmark engine…');
  let compiled: RunRequest['compiled'];
  const measure = (settings: Settings, onProgress: (p: Progress) => void) =>
    client.run(
      {
        scenario: { ...doc, settings },
        request: { settings, variants, engines, breakdown: ui.breakdown.checked },
        env,
        js: ui.jsEngines.checked,
        ...(compiled ? { compiled } : {}),
      },
      onProgress,
      onChecked,
      onLoading,
    );
  try {
    // Edited definitions: compiled code built on demand by the local server.
    // What translated peers run belongs to the build this run makes, if any.
    showTranslations(ui.translations, ui.translationList, []);
    if (engines !== 'interpreted' && !hasBundledCode(doc.schema, state.bundled)) {
      const view = {
        progress: (text: string) => progress.say(text),
        message: showMessage,
        rustc: (messages: RustcMessage[]) => {
          editors.setRustcMarkers(messages);
          // Beside the analyzer's count, until the next edit re-analyzes.
          const errors = messages.filter((m) => m.level === 'error').length;
          if (errors > 0) {
            ui.schemaStatus.textContent = `${ui.schemaStatus.textContent} · rustc: ${errors} error${errors === 1 ? '' : 's'}`;
            ui.schemaStatus.className = 'schema-status error';
          }
        },
        translations: (list: Translation[]) => showTranslations(ui.translations, ui.translationList, list),
      };
      compiled = await compiledFor(doc, view, undefined, await catalog);
    }
    progress.restart();
    const report = quick
      ? await measureQuick(measure, crossOriginIsolated, {
          calibrating: () => progress.say('calibrating…'),
          sized: setSettings,
          progress: (p) => progress.show(p),
        })
      : await measure(parsed.settings, (p) => progress.show(p));
    results.show(report, doc);
    comparison.add(doc, report);
  } catch (error) {
    if (error instanceof RunCancelled) showMessage('Run cancelled.', 'info');
    else showMessage(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    setRunning(false);
  }
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});
ui.cancel.addEventListener('click', () => {
  if (nativeAbort) {
    nativeAbort.abort();
    cancelNative();
  } else client.cancel();
});

/** Runs the document with the CLI on this machine, through the local server of `npm start`. */
async function runNative(): Promise<void> {
  if (!state.scenario || client.running || nativeAbort) return;
  const current = currentDocument();
  const doc = current && forRun(current);
  const parsed = parseSettings({ warmup: ui.warmup.value, runs: ui.runs.value, iterations: ui.iterations.value });
  if (!doc || !parsed.ok) {
    if (!parsed.ok) showMessage(parsed.error, 'error');
    return;
  }
  doc.settings = parsed.settings;
  doc.variants = chosenVariants();
  if (doc.variants.length === 0) return showMessage('Tick at least one variant to run.', 'error');
  if (!(await nativeAvailable())) {
    showMessage(
      `This page is served without the local runner, so it cannot run natively here. The CLI gives the same figures: Download .json, run \`${cliCommand(doc)} --json > native.json\`, then Import native Report. Or serve the playground with \`npm start\`.`,
      'info',
    );
    return;
  }
  const abort = new AbortController();
  nativeAbort = abort;
  clearMessage();
  setRunning(true);
  ui.progressText.textContent = 'native: starting the CLI…';
  progress.restart();
  try {
    // Edited definitions get compiled code built on demand first: cargo's progress, line by line.
    const building = (line: string) => (ui.progressText.textContent = `native: building compiled code for these definitions — ${line}`);
    const onProgress = (p: Progress) => progress.show(p, 'native');
    let report: Report;
    try {
      report = await runNatively(doc, onProgress, abort.signal, building);
    } catch (error) {
      if (!(error instanceof CodeNeedsLeave)) throw error;
      // A link can carry code: natively it runs outside the browser's sandbox, so ask first.
      const list = error.code.map((c) => `  line ${c.replace(/: error: /, ': ')}`).join('\n');
      const question = `These definitions carry code of their own:\n${list}\n\nCompiled natively, it runs on this machine, outside the browser's sandbox. Run it natively?`;
      if (!window.confirm(question)) {
        showMessage('Not run natively: the definitions carry code you did not allow to run on this machine. In the browser it runs in the page\'s sandbox.', 'info');
        return;
      }
      report = await runNatively(doc, onProgress, abort.signal, building, true);
    }
    // Beside the browser's figures when there are some for the same work; else on their own.
    if (state.ranNatively(report, doc) === 'beside' && state.report) results.showTable(state.report);
    else results.show(report, doc);
  } catch (error) {
    if (abort.signal.aborted) showMessage('Native run cancelled.', 'info');
    else showMessage(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    nativeAbort = null;
    setRunning(false);
  }
}
ui.runNative.addEventListener('click', () => void runNative());

/** Eject: the definitions as a cargo project of their own, written by the local server. */
async function eject(): Promise<void> {
  const doc = currentDocument();
  if (!doc) return;
  if (!(await compiledAvailable())) {
    showMessage(`This page is served without the local server, so it cannot write a project here. The CLI does: Download .json, then run \`overhead eject ${fileName(doc)} --out DIR\`.`, 'info');
    return;
  }
  ui.eject.disabled = true;
  showMessage('Writing a cargo project for these definitions…', 'info');
  try {
    const { dir, notes } = await ejectProject(doc);
    showMessage(`Wrote ${dir}: \`cd\` there and run \`cargo bench\` (criterion) for the same variants, inputs and peers.${notes.length ? ` ${notes.join(' ')}` : ''}`, 'info');
  } catch (error) {
    showMessage(`Not ejected: ${error instanceof Error ? error.message : String(error)}`, 'error');
  } finally {
    ui.eject.disabled = false;
  }
}

ui.eject.addEventListener('click', () => void eject());
/** Whether the work on screen differs from `shipped` (edits a Reset or another scenario would drop). */
function edited(shipped: ScenarioDocument | undefined): boolean {
  const doc = currentDocument();
  if (!doc) return false;
  if (!shipped) return true;
  const names = Object.keys(doc.inputs);
  return (
    doc.schema !== shipped.schema ||
    names.length !== Object.keys(shipped.inputs).length ||
    names.some((name) => doc.inputs[name] !== shipped.inputs[name])
  );
}

/** Asks before a scenario replaces the person's edits; whether to go on. */
function mayDropEdits(next: ScenarioDocument): boolean {
  const current = state.scenario;
  const shipped = current?.name === undefined ? undefined : state.shipped.find((s) => s.name === current.name);
  if (!edited(shipped)) return true;
  return window.confirm(
    `Load “${next.title}” and drop your edits to the definitions and inputs? (Download .json or Share keeps them first.)`,
  );
}

/** Loads the bundled scenario the picker names (the default one for the person's own work), as it ships. */
function loadPicked(): void {
  const doc = state.shipped.find((s) => s.name === (ui.picker.value || DEFAULT_SCENARIO));
  if (!doc || client.running) return;
  if (!mayDropEdits(doc)) {
    ui.picker.value = state.scenario?.name ?? '';
    return;
  }
  clearMessage();
  results.clear();
  loadScenario(doc);
  saveSoon();
}

/** Opens a document from outside (a link or a file): checked, then loaded. */
function openDocument(checked: ReturnType<typeof parseDocument>, from: string): void {
  if (!checked.ok) {
    showMessage(checked.error, 'error');
    return;
  }
  if (client.running) client.cancel();
  clearMessage();
  results.clear();
  const { results: shared, ...doc } = checked.doc;
  loadScenario(doc);
  if (shared) {
    results.show(shared, doc, true);
    comparison.add(doc, shared);
  }
  save(storage, doc);
  showMessage(`Opened ${from}.`, 'info');
}

function openShareLink(): void {
  if (!isShareFragment(location.hash)) return;
  openDocument(readShareFragment(location.hash), 'a shared scenario');
  // The work is saved; a reload restores it, and the address bar is clean.
  history.replaceState(null, '', location.pathname + location.search);
}

ui.picker.addEventListener('change', loadPicked);

function openGallery(): void {
  renderGallery(ui.galleryCards, state.shipped, state.scenario?.name, (doc) => {
    ui.gallery.close();
    ui.picker.value = doc.name ?? '';
    loadPicked();
  });
  ui.gallery.showModal();
}
ui.galleryOpen.addEventListener('click', openGallery);
ui.galleryClose.addEventListener('click', () => ui.gallery.close());
ui.gallery.addEventListener('click', (event) => {
  // A click on the backdrop (the dialog itself, outside its content) closes it.
  if (event.target === ui.gallery) ui.gallery.close();
});
/** Downloads the results on screen in one of the export formats. */
function exportAs(extension: string, type: string, write: (report: Report) => string): void {
  const doc = currentDocument();
  if (!state.report || !doc) return;
  downloadText(fileName(doc).replace(/\.json$/, `.results.${extension}`), write(state.report), type);
}
ui.exportJson.addEventListener('click', () => exportAs('json', 'application/json', toJson));
ui.exportCsv.addEventListener('click', () => exportAs('csv', 'text/csv', toCsv));
ui.exportMd.addEventListener('click', () => exportAs('md', 'text/markdown', toMarkdown));
/** The document to share, download or embed: the work as it is, with the results on screen when asked. */
function documentToShare(withResults: boolean): ScenarioDocument | null {
  const doc = currentDocument();
  if (doc && withResults && ui.shareResults.checked && state.report) doc.results = state.report;
  return doc;
}
ui.share.addEventListener('click', () => {
  const doc = documentToShare(true);
  if (doc) showShareLink(doc);
});
ui.embed.addEventListener('click', () => {
  const doc = documentToShare(false);
  if (doc) showEmbedSnippet(doc);
});
ui.download.addEventListener('click', () => {
  const doc = documentToShare(true);
  if (doc) showDownloaded(doc);
});
/** Opens a scenario file (Open .json, or a drop). */
function openFileText(name: string, text: string): void {
  openDocument(parseDocument(text, { withResults: true }), `“${name}”`);
}

/** Puts a native Report's medians beside the results on screen. */
function importNative(name: string, report: Report | null): void {
  if (!report) {
    showMessage(`“${name}” is not a Report (make one with \`overhead run <scenario> --json\`).`, 'error');
    return;
  }
  const lastReport = state.report;
  if (!lastReport) {
    showMessage('Native numbers go beside results: run first, then import the Report again.', 'error');
    return;
  }
  const problem = nativeProblem(report, lastReport.scenario);
  if (problem) {
    showMessage(problem, 'error');
    return;
  }
  state.importNative(report, name);
  clearMessage();
  results.showTable(lastReport);
}

/** The file a file input was given (the input is cleared, so the same file can be chosen again). */
async function chosenFile(input: HTMLInputElement): Promise<{ name: string; text: string } | null> {
  const file = input.files?.[0];
  input.value = '';
  if (!file) return null;
  const read = await readFileText(file);
  if (!read.ok) {
    showMessage(read.error, 'error');
    return null;
  }
  return { name: file.name, text: read.text };
}

ui.openFile.addEventListener('change', async () => {
  const file = await chosenFile(ui.openFile);
  if (file) openFileText(file.name, file.text);
});
ui.importNative.addEventListener('change', async () => {
  const file = await chosenFile(ui.importNative);
  if (file) importNative(file.name, asReport(file.text));
});
// A .json dropped anywhere on the page: a Report goes beside the results, any
// other file is opened as a scenario.
onFileDrop(
  async (file) => {
    const read = await readFileText(file);
    if (!read.ok) return showMessage(read.error, 'error');
    const report = asReport(read.text);
    if (report) importNative(file.name, report);
    else openFileText(file.name, read.text);
  },
  () => true,
);
window.addEventListener('hashchange', openShareLink);
ui.reset.addEventListener('click', loadPicked);
editors.onRunShortcut(() => void run());
// The inputs choose the automatic root and the form of a type from elsewhere: they are analysed too.
editors.onChange(() => analyzeSchema());
editors.onChange(saveSoon);
ui.form.addEventListener('input', (event) => {
  // Typing a number leaves the preset: the settings are the user's now.
  if (event.target instanceof HTMLInputElement && ui.preset.value === 'seed') ui.preset.value = 'custom';
  saveSoon();
});
ui.preset.addEventListener('change', () => {
  applyPreset(ui.preset.value as Preset);
  savePreset(storage, ui.preset.value as Preset);
});
ui.rootPicker.addEventListener('change', () => {
  if (!state.scenario) return;
  state.setRoot(ui.rootPicker.value);
  analyzeSchema(true);
  saveSoon();
});
window.addEventListener('keydown', (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
    event.preventDefault();
    void run();
  }
});

/** A docs author's scenarios (`--scenarios`), as the site's catalog lists them; none on a plain build. */
async function extraScenarios(): Promise<ScenarioDocument[]> {
  const extras = (await catalog).scenarios.filter((s) => !s.bundled);
  const docs = await Promise.all(extras.map((entry) => loadDocument(entry).catch(() => null)));
  return docs.filter((doc): doc is ScenarioDocument => doc !== null);
}

Promise.all([analysis.ready, extraScenarios()]).then(
  ([info, extras]) => {
    explainRules(new RuleDocs(info.keywords));
    renderChips(ui.isolation, ui.timer, info);
    renderPanel(ui.environment, info);
    state.bundled = info.scenarios;
    state.extras = extras;
    const shipped = state.shipped;
    showPicker(state);
    ui.picker.disabled = false;
    // The last work comes back as it was left; otherwise the default scenario.
    const saved = loadSaved(storage);
    const named = shipped.find((s) => s.name === params.get('scenario'));
    const doc = named ?? saved ?? shipped.find((s) => s.name === DEFAULT_SCENARIO) ?? shipped[0];
    const savedPreset = saved && !named ? loadPreset(storage) : null;
    if (doc) loadScenario(doc, savedPreset ?? presetOnOpen(doc));
    if (saved && !named) {
      showMessage('Your last work is restored. Reset loads the bundled scenario again.', 'info');
      state.markRestored();
      analyzeSchema(true);
    }
    // A share link wins over the saved work (which it replaces).
    openShareLink();
    ui.run.disabled = false;
  },
  (error: unknown) => {
    ui.title.textContent = 'The playground could not start';
    showMessage(`The WebAssembly module failed to load: ${error instanceof Error ? error.message : String(error)}`, 'error');
  },
);

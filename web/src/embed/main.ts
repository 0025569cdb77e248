// The embed for docs pages (embed.html): the scenario an address names, shown
// read-only, and Run. Before Run it loads only this, the highlighter and the
// scenario's document; the benchmark Worker, the chart and the table's code
// load with the first Run. Runs of several embeds on one page take turns.
import '../styles.css';
import './embed.css';
import type { Progress } from '../bench/protocol';
import type { NativeNumbers } from '../native';
import { inputOrder, type Report } from '../report';
import { PageState } from '../state/page-state';
import { byId } from '../ui/dom';
import { fullPageUrl, postHeights } from '../ui/embed-frame';
import { ProgressLine } from '../ui/progress';
import { applyTheme, themeParam } from '../ui/theme';
import { highlighted } from './highlight';
import { oneAtATime } from './run-lock';
import { embeddedScenario, type Embedded } from './scenario';

const params = new URLSearchParams(location.search);
applyTheme(document.documentElement, themeParam(params));
// In an iframe: the page around it sizes it to its content (embed.js).
if (window.parent !== window) postHeights(window.parent, document.body);

const page = {
  title: byId('scenario-title', HTMLHeadingElement),
  openFull: byId('open-full', HTMLAnchorElement),
  isolation: byId('isolation', HTMLSpanElement),
  schema: byId('schema-code', HTMLPreElement),
  inputTabs: byId('input-tabs', HTMLDivElement),
  input: byId('input-code', HTMLPreElement),
  run: byId('run', HTMLButtonElement),
  cancel: byId('cancel', HTMLButtonElement),
  progress: byId('progress', HTMLDivElement),
  message: byId('message', HTMLDivElement),
};
const results = {
  chart: byId('chart', HTMLDivElement),
  table: byId('results', HTMLTableElement),
  legend: byId('flag-legend', HTMLUListElement),
  nativeNote: byId('native-note', HTMLParagraphElement),
  notes: byId('notes', HTMLUListElement),
  env: byId('env', HTMLParagraphElement),
};
const progress = new ProgressLine(byId('progress-bar', HTMLProgressElement), byId('progress-text', HTMLSpanElement));
const state = new PageState();
let embedded: Embedded | null = null;
let waitAbort: AbortController | null = null;
let running = false;

page.openFull.href = fullPageUrl(location.href);
page.isolation.textContent = crossOriginIsolated ? 'cross-origin isolated' : 'not cross-origin isolated';
page.isolation.className = `chip ${crossOriginIsolated ? 'good' : 'warn'}`;
page.isolation.title = crossOriginIsolated
  ? 'performance.now() is fine-grained here.'
  : 'This page is served without COOP/COEP, so performance.now() is coarse: each run is sized to at least 1,000 of its steps.';

function showMessage(text: string, kind: 'error' | 'info'): void {
  page.message.textContent = text;
  page.message.className = `message ${kind}`;
  page.message.hidden = false;
}

function showInput(name: string): void {
  const text = state.scenario?.inputs[name] ?? '';
  page.input.innerHTML = highlighted(text, 'json');
  for (const tab of page.inputTabs.children) tab.setAttribute('aria-selected', String(tab.textContent === name));
}

function showScenario(found: Embedded): void {
  const doc = found.doc;
  state.load(doc);
  document.title = `Overhead — ${doc.title}`;
  page.title.textContent = doc.title;
  page.title.title = doc.title;
  page.schema.innerHTML = highlighted(doc.schema, 'rust');
  const names = inputOrder(Object.keys(doc.inputs));
  page.inputTabs.replaceChildren(
    ...names.map((name) => {
      const tab = Object.assign(document.createElement('button'), { type: 'button', className: 'tab', textContent: name });
      tab.setAttribute('role', 'tab');
      tab.addEventListener('click', () => showInput(name));
      return tab;
    }),
  );
  if (names[0] !== undefined) showInput(names[0]);
  page.run.disabled = false;
}

function setRunning(now: boolean): void {
  running = now;
  page.run.disabled = now;
  page.cancel.hidden = !now;
  page.progress.hidden = !now;
}

async function showReport(report: Report): Promise<void> {
  const doc = state.scenario;
  if (!doc || !embedded) return;
  state.showReport(report, doc);
  const view = await import('./results');
  const drawn = view.showResults(results, report, null);
  // The recorded native figures follow, when the scenario has them.
  const recorded: NativeNumbers | null = await embedded.native().catch(() => null);
  if (state.offerRecorded(report, recorded)) view.showTable(results, report, state.native?.numbers ?? null);
  await drawn.catch((error: unknown) => {
    results.chart.hidden = true;
    showMessage(`The chart could not be drawn (${error instanceof Error ? error.message : String(error)}); the table has every figure.`, 'error');
  });
}

async function run(): Promise<void> {
  const doc = state.scenario;
  if (!doc || !embedded || running) return;
  page.message.hidden = true;
  setRunning(true);
  progress.restart();
  progress.say('starting…');
  // Fetched while the lock is awaited.
  const runner = import('./run');
  const found = embedded;
  waitAbort = new AbortController();
  try {
    const report = await oneAtATime(
      navigator.locks,
      { waiting: () => progress.say('waiting for another Overhead benchmark on this page to finish (runs take turns, so neither slows the other)…') },
      async () => {
        waitAbort = null;
        const { runEmbedded } = await runner;
        return runEmbedded(doc, await found.compiled(), {
          say: (text) => progress.say(text),
          progress: (p: Progress) => progress.show(p),
          crashed: (message) => showMessage(`The benchmark worker stopped (${message}) and was restarted.`, 'error'),
        });
      },
      waitAbort.signal,
    );
    await showReport(report);
  } catch (error) {
    const cancelled = waitAbort?.signal.aborted || (await runner.then(({ isCancelled }) => isCancelled(error), () => false));
    if (cancelled) showMessage('Run cancelled.', 'info');
    else showMessage(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    waitAbort = null;
    setRunning(false);
  }
}

page.run.addEventListener('click', () => void run());
page.cancel.addEventListener('click', () => {
  if (waitAbort) waitAbort.abort();
  else void import('./run').then(({ cancelRun }) => cancelRun());
});

embeddedScenario(params, location.hash, new URL('./', location.href)).then(
  (found) => {
    if (!found.ok) {
      page.title.textContent = 'Nothing to show';
      showMessage(found.error, 'error');
      return;
    }
    embedded = found.embedded;
    showScenario(found.embedded);
  },
  (error: unknown) => {
    page.title.textContent = 'Nothing to show';
    showMessage(`The scenario could not be loaded: ${error instanceof Error ? error.message : String(error)}`, 'error');
  },
);

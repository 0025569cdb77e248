// The two editors: struct definitions (Rust) and the inputs (JSON, one tab each).
import type { Assumed, Marker } from '../analysis/diagnosis';
import type { RustcMessage } from '../bench/compiled-client';
import { inputOrder } from '../report';
import { el } from './dom';
import { followColorScheme, monaco } from './monaco';
import { freshInputName, inputNameProblem } from './input-names';
import { jsonProblems } from './json-problems';
import { inRuleAttribute, type RuleDocs } from './rule-docs';

/** Hovering a rule keyword in a `#[validate(…)]` or `#[garde(…)]` explains it, with the registry's words. */
export function explainRules(docs: RuleDocs): monaco.IDisposable {
  return monaco.languages.registerHoverProvider('rust', {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      if (!word || !inRuleAttribute(model.getLineContent(position.lineNumber), word.startColumn)) return null;
      const doc = docs.doc(word.word);
      if (!doc) return null;
      return {
        range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
        contents: [{ value: `**\`${word.word}\`** — ${doc}` }],
      };
    },
  });
}

const options: monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 13,
  tabSize: 4,
  renderLineHighlight: 'line',
  // Hovers over the page, not clipped by the editor's box.
  fixedOverflowWidgets: true,
  // The browser's own menu (cut, copy, paste) rather than Monaco's.
  contextmenu: false,
  wordBasedSuggestions: 'off',
  links: false,
};

const SEVERITY = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning };

function showMarkers(model: monaco.editor.ITextModel, owner: string, markers: Marker[]): void {
  monaco.editor.setModelMarkers(
    model,
    owner,
    markers.map((m) => ({ ...m, severity: SEVERITY[m.severity], source: owner })),
  );
}

/** A pause after typing in an input before it is checked as JSON (inputs can be megabytes). */
const JSON_CHECK_MS = 150;

export class Editors {
  readonly schema: monaco.editor.IStandaloneCodeEditor;
  readonly input: monaco.editor.IStandaloneCodeEditor;
  private readonly schemaModel = monaco.editor.createModel('', 'rust', monaco.Uri.parse('file:///schema.rs'));
  private inputModels = new Map<string, monaco.editor.ITextModel>();
  private current = '';
  private readonly changeListeners: (() => void)[] = [];
  /** The types the latest analysis assumed: each marker's quick fix inserts its definition. */
  private assumed: Assumed[] = [];
  /** Why an input is not a value of the root, by input name (its tab is marked). */
  private misfits = new Map<string, string>();
  /** Counts each time the person turns to the inputs (a tab clicked, the input editor focused). */
  private inputAttention = 0;

  constructor(
    schemaHost: HTMLElement,
    inputHost: HTMLElement,
    private readonly tabs: HTMLElement,
  ) {
    this.schema = monaco.editor.create(schemaHost, { ...options, model: this.schemaModel });
    this.input = monaco.editor.create(inputHost, { ...options, model: null, tabSize: 2 });
    // On the tab strip, not each tab: a first click redraws the tabs, so the
    // second lands on a new element.
    this.tabs.addEventListener('dblclick', (event) => {
      const tab = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-input]') : null;
      const name = tab?.dataset['input'];
      if (tab && name !== undefined) this.editName(tab, name);
    });
    this.input.onDidFocusEditorText(() => this.inputAttention++);
    this.tabs.addEventListener('pointerdown', () => this.inputAttention++);
    followColorScheme();
    monaco.languages.registerCodeActionProvider('rust', {
      provideCodeActions: (model, _range, context) => ({ actions: this.quickFixes(model, context.markers), dispose() {} }),
    });
  }

  /** Keeps what the analysis assumed, for the quick fixes of its warnings. */
  setAssumed(assumed: Assumed[]): void {
    this.assumed = assumed;
  }

  /** "Insert a definition of `X`" for each marker that says `X` is assumed: the definition goes after the last line. */
  private quickFixes(model: monaco.editor.ITextModel, markers: monaco.editor.IMarkerData[]): monaco.languages.CodeAction[] {
    if (model !== this.schemaModel) return [];
    const end = model.getFullModelRange().getEndPosition();
    return this.assumed.flatMap((a) => {
      const diagnostics = markers.filter((m) => m.message === a.warning.message);
      if (diagnostics.length === 0) return [];
      const text = `${model.getLineContent(end.lineNumber) === '' ? '' : '\n'}\n${a.definition}`;
      return [
        {
          title: `Insert a definition of \`${a.name}\` to edit`,
          kind: 'quickfix',
          diagnostics,
          isPreferred: true,
          edit: {
            edits: [
              {
                resource: model.uri,
                versionId: model.getVersionId(),
                textEdit: { range: new monaco.Range(end.lineNumber, end.column, end.lineNumber, end.column), text },
              },
            ],
          },
        },
      ];
    });
  }

  /** Replaces the editors' contents with a scenario's. */
  load(schema: string, inputs: Record<string, string>): void {
    this.schemaModel.setValue(schema);
    this.setInputs(inputs);
  }

  /** A mark of the person's attention to the inputs: it moves when they click a tab or into the input editor. */
  get attention(): number {
    return this.inputAttention;
  }

  /** Replaces every input with `inputs` (the definitions stay as they are); listeners hear of it. */
  replaceInputs(inputs: Record<string, string>): void {
    this.setInputs(inputs);
    this.notify();
  }

  private setInputs(inputs: Record<string, string>): void {
    for (const model of this.inputModels.values()) model.dispose();
    this.inputModels = new Map();
    for (const name of inputOrder(Object.keys(inputs))) this.inputModels.set(name, this.inputModel(inputs[name] ?? ''));
    this.current = '';
    this.renderTabs();
    this.show(this.inputModels.keys().next().value ?? '');
  }

  private nextModel = 0;

  private inputModel(text: string): monaco.editor.ITextModel {
    // The URI only has to be unique; the name lives in `inputModels`.
    const uri = monaco.Uri.parse(`file:///inputs/${this.nextModel++}.json`);
    const model = monaco.editor.createModel(text, 'json', uri);
    const check = () => showMarkers(model, 'json', jsonProblems(model.getValue()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    model.onDidChangeContent(() => {
      clearTimeout(timer);
      timer = setTimeout(check, JSON_CHECK_MS);
      this.notify();
    });
    model.onWillDispose(() => clearTimeout(timer));
    check();
    return model;
  }

  private notify(): void {
    this.changeListeners.forEach((listener) => listener());
  }

  /** A new input, `{}` to start with, shown at once. */
  addInput(): void {
    const name = freshInputName([...this.inputModels.keys()]);
    this.inputModels.set(name, this.inputModel('{}'));
    this.show(name);
    this.notify();
  }

  /** Renames an input; the reason when the name cannot be used. */
  renameInput(from: string, to: string): string | null {
    if (from === to) return null;
    const problem = inputNameProblem(to, [...this.inputModels.keys()]);
    if (problem) return problem;
    // Keep the tab's place: rebuild the map in order with the new key.
    this.inputModels = new Map([...this.inputModels].map(([name, model]) => [name === from ? to : name, model]));
    if (this.current === from) this.current = to;
    this.renderTabs();
    this.notify();
    return null;
  }

  /** Removes an input (not the last one). */
  removeInput(name: string): void {
    const model = this.inputModels.get(name);
    if (!model || this.inputModels.size < 2) return;
    this.inputModels.delete(name);
    if (this.current === name) this.show(this.inputModels.keys().next().value ?? '');
    model.dispose();
    this.renderTabs();
    this.notify();
  }

  /** Marks the tab of each input that is not a value of the root, with why; clears the others. */
  markMisfits(misfits: ReadonlyMap<string, string>): void {
    this.misfits = new Map(misfits);
    this.showMisfits();
  }

  private showMisfits(): void {
    for (const tab of this.tabs.querySelectorAll<HTMLElement>('[data-input]')) {
      const why = this.misfits.get(tab.dataset['input'] ?? '');
      tab.classList.toggle('misfit', why !== undefined);
      tab.title = why === undefined ? 'Double-click to rename' : `Does not fit the root: ${why}`;
      if (why === undefined) tab.removeAttribute('aria-invalid');
      else tab.setAttribute('aria-invalid', 'true');
    }
  }

  /** Shows one input in the input editor. */
  show(name: string): void {
    const model = this.inputModels.get(name);
    if (!model) return;
    this.current = name;
    this.input.setModel(model);
    // The tabs stay the same elements (a double-click needs both clicks on one).
    const tabs = [...this.tabs.querySelectorAll<HTMLElement>('[data-input]')];
    if (tabs.length === this.inputModels.size) {
      for (const tab of tabs) tab.setAttribute('aria-selected', String(tab.dataset['input'] === name));
    } else {
      this.renderTabs();
    }
  }

  /** Shows the analyzer's diagnostics in the definitions editor. */
  setMarkers(markers: Marker[]): void {
    showMarkers(this.schemaModel, 'overhead', markers);
  }

  /**
   * Shows rustc's messages on the definitions (compiled code built on
   * demand), each from its column to the end of the word there; they go at
   * the next edit, which they no longer describe.
   */
  setRustcMarkers(messages: RustcMessage[]): void {
    const model = this.schemaModel;
    const placed = messages.filter((m) => m.line !== null && m.column !== null && m.line <= model.getLineCount());
    showMarkers(
      model,
      'rustc',
      placed.map((m) => {
        const line = m.line ?? 1;
        const column = Math.min(m.column ?? 1, model.getLineMaxColumn(line));
        const word = model.getWordAtPosition({ lineNumber: line, column });
        return {
          severity: m.level,
          message: `rustc: ${m.message}`,
          startLineNumber: line,
          startColumn: column,
          endLineNumber: line,
          endColumn: Math.max(word?.endColumn ?? column + 1, column + 1),
        };
      }),
    );
    if (placed.length === 0) return;
    const stale = model.onDidChangeContent(() => {
      stale.dispose();
      showMarkers(model, 'rustc', []);
    });
  }

  /** Calls `listener` after every edit of the definitions. */
  onSchemaChange(listener: () => void): void {
    this.schemaModel.onDidChangeContent(listener);
  }

  /** Calls `listener` after every edit of the definitions or of any input. */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
    this.schemaModel.onDidChangeContent(listener);
  }

  schemaText(): string {
    return this.schemaModel.getValue();
  }

  inputs(): Record<string, string> {
    return Object.fromEntries([...this.inputModels].map(([name, model]) => [name, model.getValue()]));
  }

  /** Runs `action` on Ctrl/Cmd+Enter in either editor. */
  onRunShortcut(action: () => void): void {
    for (const editor of [this.schema, this.input]) {
      editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, action);
    }
  }

  /** Reports a refused rename (the page shows it). */
  onProblem: (message: string) => void = () => undefined;

  private renderTabs(): void {
    const tabs = [...this.inputModels.keys()].map((name) => {
      const tab = el('button', { className: 'tab', text: name, title: 'Double-click to rename' });
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(name === this.current));
      tab.dataset['input'] = name;
      tab.addEventListener('click', () => this.show(name));
      const parts: HTMLElement[] = [tab];
      if (this.inputModels.size > 1) {
        const remove = el('button', { className: 'tab-remove', text: '×', title: `Remove input “${name}”` });
        remove.type = 'button';
        remove.setAttribute('aria-label', `Remove input ${name}`);
        remove.addEventListener('click', () => this.removeInput(name));
        parts.push(remove);
      }
      return el('span', { className: 'tab-group' }, parts);
    });
    const add = el('button', { className: 'tab tab-add', text: '+', title: 'Add an input' });
    add.type = 'button';
    add.setAttribute('aria-label', 'Add an input');
    add.addEventListener('click', () => this.addInput());
    this.tabs.replaceChildren(...tabs, add);
    this.showMisfits();
  }

  /** Renames in place: Enter keeps the new name, Escape the old one. */
  private editName(tab: HTMLElement, name: string): void {
    const field = Object.assign(document.createElement('input'), { value: name, className: 'tab-name' });
    field.setAttribute('aria-label', `New name for input ${name}`);
    let done = false;
    const finish = (keep: boolean) => {
      if (done) return;
      done = true;
      const problem = keep ? this.renameInput(name, field.value.trim()) : null;
      if (problem) this.onProblem(problem);
      this.renderTabs();
    };
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') finish(true);
      if (event.key === 'Escape') finish(false);
    });
    field.addEventListener('blur', () => finish(true));
    tab.replaceWith(field);
    field.select();
  }
}

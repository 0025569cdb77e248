// The two editors: struct definitions (Rust) and the inputs (JSON, one tab each).
import type { Marker } from '../analysis/diagnosis';
import { inputOrder } from '../report';
import { el } from './dom';
import { followColorScheme, monaco } from './monaco';
import { inRuleAttribute, ruleDoc } from './rule-docs';

// Hovering a rule keyword in a `#[validate(…)]` or `#[garde(…)]` explains it.
monaco.languages.registerHoverProvider('rust', {
  provideHover(model, position) {
    const word = model.getWordAtPosition(position);
    if (!word || !inRuleAttribute(model.getLineContent(position.lineNumber), word.startColumn)) return null;
    const doc = ruleDoc(word.word);
    if (!doc) return null;
    return {
      range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
      contents: [{ value: `**\`${word.word}\`** — ${doc}` }],
    };
  },
});

const options: monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fontSize: 13,
  tabSize: 4,
  renderLineHighlight: 'line',
  // Hovers and suggestions over the page, not clipped by the editor's box.
  fixedOverflowWidgets: true,
};

export class Editors {
  readonly schema: monaco.editor.IStandaloneCodeEditor;
  readonly input: monaco.editor.IStandaloneCodeEditor;
  private readonly schemaModel = monaco.editor.createModel('', 'rust', monaco.Uri.parse('file:///schema.rs'));
  private inputModels = new Map<string, monaco.editor.ITextModel>();
  private current = '';
  private readonly changeListeners: (() => void)[] = [];

  constructor(
    schemaHost: HTMLElement,
    inputHost: HTMLElement,
    private readonly tabs: HTMLElement,
  ) {
    this.schema = monaco.editor.create(schemaHost, { ...options, model: this.schemaModel });
    this.input = monaco.editor.create(inputHost, { ...options, model: null, tabSize: 2 });
    followColorScheme();
  }

  /** Replaces the editors' contents with a scenario's. */
  load(schema: string, inputs: Record<string, string>): void {
    this.schemaModel.setValue(schema);
    for (const model of this.inputModels.values()) model.dispose();
    this.inputModels = new Map();
    for (const name of inputOrder(Object.keys(inputs))) {
      const uri = monaco.Uri.parse(`file:///inputs/${encodeURIComponent(name)}.json`);
      const model = monaco.editor.createModel(inputs[name] ?? '', 'json', uri);
      model.onDidChangeContent(() => this.changeListeners.forEach((listener) => listener()));
      this.inputModels.set(name, model);
    }
    this.show(this.inputModels.keys().next().value ?? '');
  }

  /** Shows one input in the input editor. */
  show(name: string): void {
    const model = this.inputModels.get(name);
    if (!model) return;
    this.current = name;
    this.input.setModel(model);
    this.renderTabs();
  }

  /** The embed view shows the definitions and inputs without letting them be edited. */
  setReadOnly(readOnly: boolean): void {
    for (const editor of [this.schema, this.input]) editor.updateOptions({ readOnly, domReadOnly: readOnly });
  }

  /** Shows the analyzer's diagnostics in the definitions editor. */
  setMarkers(markers: Marker[]): void {
    const severity = { error: monaco.MarkerSeverity.Error, warning: monaco.MarkerSeverity.Warning };
    monaco.editor.setModelMarkers(
      this.schemaModel,
      'overhead',
      markers.map((m) => ({ ...m, severity: severity[m.severity], source: 'overhead' })),
    );
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

  private renderTabs(): void {
    const buttons = [...this.inputModels.keys()].map((name) => {
      const tab = el('button', { className: 'tab', text: name });
      tab.type = 'button';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(name === this.current));
      tab.addEventListener('click', () => this.show(name));
      return tab;
    });
    this.tabs.replaceChildren(...buttons);
  }
}

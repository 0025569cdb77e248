// Messages between the page and the benchmark Worker.
import type { Report, ScenarioDocument, Settings } from '../report';
import type { Checked } from '../surprises';

export interface RunRequest {
  scenario: ScenarioDocument;
  request: {
    settings?: Settings;
    variants?: string[];
    inputs?: string[];
    engines?: 'compiled' | 'interpreted' | 'all';
    /** Also time each rule alone (the Report's `breakdown`). */
    breakdown?: boolean;
  };
  env: { browser?: string; os?: string; date?: string };
  /** Also run the page's JavaScript engines (`js`, `peer:zod`); the Worker builds them. */
  js?: boolean;
  /**
   * Compiled code built on demand for these definitions (the local server's
   * module): where to load it, and what its build has to say; without `js`,
   * the build failed and the notes say why.
   */
  compiled?: { js?: string; wasm?: string; notes: string[] };
}

export interface Progress {
  done: number;
  total: number;
  phase: 'warmup' | 'run';
  run: number;
  runs: number;
  variant: string | null;
  input: string | null;
}

export type ToWorker =
  /** The compiled wasm module (the first message a Worker gets). */
  | { type: 'init'; module: WebAssembly.Module }
  | { type: 'run'; id: number; request: RunRequest }
  /** Starting inputs for definitions whose inputs do not fit them (`exampleInputs`). */
  | { type: 'examples'; id: number; schema: string; root: string | null; inputs: string[] };

/** What `exampleInputs` gives: a valid value of the root and, when it has a rule, one that breaks it. */
export interface Examples {
  root: string;
  valid: string;
  /** Whether `valid` decodes and keeps every rule (a regex or custom check may defeat the generator). */
  keeps_rules: boolean;
  invalid: { text: string; field: string } | null;
  /** Whether every input sent already decodes as the root (then a scenario's inputs can stay). */
  inputs_decode: boolean;
}

export type FromWorker =
  /** The module has started; runs may be sent. */
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: Progress }
  /** Before any timing: what each job returned on its checking run. */
  | { type: 'checked'; id: number; outcomes: Checked[] }
  | { type: 'report'; id: number; report: Report }
  | { type: 'examples'; id: number; examples: Examples }
  /** The run was refused or failed; the Worker is still usable. */
  | { type: 'error'; id: number | null; message: string }
  /** The wasm instance trapped or could not start; the Worker must be replaced. */
  | { type: 'crash'; id: number | null; message: string };

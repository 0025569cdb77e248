// The Report and scenario document of DESIGN.md, as the wasm module writes them.

export type Outcome = 'ok' | 'invalid' | 'error';

export interface Settings {
  iterations: number;
  runs: number;
  warmup: number;
}

export interface TimerInfo {
  /** Smallest step the clock took; null if it never moved. */
  resolution_ns: number | null;
  overhead_ns: number;
  /** The timed loop's own cost per iteration (older Reports lack it). */
  loop_ns?: number;
}

export interface Env {
  target: 'native' | 'wasm';
  engine_version: string;
  rustc?: string;
  cpu?: string;
  os?: string;
  browser?: string;
  date?: string;
}

export interface ViolationRecord {
  path: string;
  code: string;
  message: string;
}

export interface ResultRow {
  variant: string;
  engine: string;
  input: string;
  data: 'serial' | 'random';
  outcome: Outcome;
  message?: string;
  violations?: ViolationRecord[];
  size: number;
  runs_ns: number[];
  median_ns: number;
  min_ns: number;
  max_ns: number;
  mean_ns: number;
  /** ns/op of the first warm-up batch: the code before it was warm. */
  cold_ns?: number;
  /** Instructions per operation, counted by callgrind (`overhead run --measure instructions`): machine-independent. */
  instructions?: number;
  /** What the runs say about how far to trust the figures. */
  flags?: Flag[];
}

/** The bench core's quality flags (`overhead_bench::quality::Flag`). */
export type Flag = 'noisy' | 'warming' | 'drifting' | 'few-runs';
export const FLAGS: readonly Flag[] = ['noisy', 'warming', 'drifting', 'few-runs'];

/** One rule timed alone on the values an input holds (ns per decode of it). */
export interface RuleCost {
  input: string;
  /** The field as the JSON reads, `[]` for every element. */
  path: string;
  rule: string;
  /** Bounds or operand (`min 3`), to tell two rules of a keyword apart. */
  detail?: string;
  values: number;
  /** The rule failed here: its cost includes building the violations. */
  failed: boolean;
  runs_ns: number[];
  median_ns: number;
  min_ns: number;
  max_ns: number;
  flags?: Flag[];
}

export interface Report {
  scenario: string;
  env: Env;
  settings: Settings;
  timer: TimerInfo;
  results: ResultRow[];
  /** Where validation time goes (runs asked for a breakdown). */
  breakdown?: RuleCost[];
  notes?: string[];
  /** The bytes each engine's and peer's code adds to the wasm module (`overhead run --measure size`). */
  code_size?: CodeSize[];
}

/** What one engine's or peer's code adds to the page's wasm module: the module built with it less the module built without it. */
export interface CodeSize {
  engine: string;
  bytes: number;
  /** The module's bytes with it. */
  module_bytes: number;
}

export interface ScenarioDocument {
  version: 1;
  name?: string;
  title: string;
  summary: string;
  root?: string;
  schema: string;
  inputs: Record<string, string>;
  variants: string[];
  settings: Settings;
  data?: 'serial' | 'random';
  /** Copies of the input value per operation (seed 003's workload). */
  repeat?: number;
  results?: Report;
}

/** `valid` and `invalid` first, then the rest by name, as the Rust side orders them. */
export function inputOrder(names: string[]): string[] {
  const rank = (n: string) => (n === 'valid' ? 0 : n === 'invalid' ? 1 : 2);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// Native numbers beside the browser's: a Report from `overhead run --json`
// (recorded with the bundled scenario, or imported by the user), matched row by
// row, and the wasm/native ratio.
import type { Report, ResultRow, ScenarioDocument } from './report';

/** Native figures and where they come from. */
export interface NativeNumbers {
  report: Report;
  /** "recorded": the bundled scenario's native.json; "imported": a file the user gave; "live": Run natively, here and now. */
  source: 'recorded' | 'imported' | 'live';
  /** The inputs the figures hold for (null: every input). */
  inputs: ReadonlySet<string> | null;
}

const key = (r: ResultRow) => [r.variant, r.engine, r.input, r.data].join('\u0000');

/** Each row's native median, where the native Report has the same row (and it holds for that input). */
export function nativeMedians(report: Report, native: NativeNumbers | null): (number | null)[] {
  return nativeFigure(report, native, (r) => r.median_ns);
}

/**
 * Each row's instructions per operation in the native Report (counted by
 * callgrind), where it has the same row and counted it; all null when it
 * counted none.
 */
export function nativeInstructions(report: Report, native: NativeNumbers | null): (number | null)[] {
  return nativeFigure(report, native, (r) => r.instructions ?? null);
}

/**
 * The bytes each row's engine's code adds to the wasm module for the
 * definitions (`overhead run --measure size`), from the native Report while
 * the page's definitions are still the ones it measured; null where it has no
 * size for the row's engine (a JS engine, a bundled peer of its own).
 */
export function codeSizes(report: Report, native: NativeNumbers | null): (number | null)[] {
  const sizes = native && (native.inputs === null || native.inputs.size > 0) ? (native.report.code_size ?? []) : [];
  const byEngine = new Map(sizes.map((c) => [c.engine, c.bytes]));
  return report.results.map((r) => byEngine.get(r.engine) ?? null);
}

function nativeFigure(report: Report, native: NativeNumbers | null, figure: (r: ResultRow) => number | null): (number | null)[] {
  if (!native) return report.results.map(() => null);
  const figures = new Map(native.report.results.filter((r) => r.outcome !== 'error').map((r) => [key(r), figure(r)]));
  return report.results.map((r) => (native.inputs && !native.inputs.has(r.input) ? null : (figures.get(key(r)) ?? null)));
}

/** Why a Report cannot serve as native numbers for `scenario`, or null. */
export function nativeProblem(native: Report, scenario: string | undefined): string | null {
  if (native.env.target !== 'native') return 'That Report was measured in a browser, not natively (its env.target is not "native").';
  if (scenario !== undefined && native.scenario !== scenario) {
    return `That Report is of scenario “${native.scenario}”, not “${scenario}”.`;
  }
  return null;
}

// As the Rust side compares definitions: spaces at line ends are not an edit.
const normalise = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

/**
 * The inputs of `doc` that recorded figures of `shipped` still describe: none
 * when the definitions or the root changed, else those whose text is unchanged.
 */
export function unchangedInputs(doc: ScenarioDocument, shipped: ScenarioDocument): Set<string> {
  if (normalise(doc.schema) !== normalise(shipped.schema) || (doc.root ?? '') !== (shipped.root ?? '')) return new Set();
  return new Set(
    Object.entries(doc.inputs)
      .filter(([name, text]) => shipped.inputs[name] !== undefined && normalise(shipped.inputs[name]) === normalise(text))
      .map(([name]) => name),
  );
}

/** A line saying whose figures these are and how far to trust a ratio across machines. */
export function nativeLabel(native: NativeNumbers, fileName = ''): string {
  const e = native.report.env;
  const machine = [e.cpu, e.os, e.rustc].filter(Boolean).join(' · ') || 'an unnamed machine';
  const when = e.date ? ` on ${e.date.slice(0, 10)}` : '';
  if (native.source === 'live') {
    return `Native (this machine): measured by the CLI on ${machine}${when}, the machine this browser runs on, so wasm/native compares like with like.`;
  }
  const what = native.source === 'recorded' ? 'Native: recorded with this scenario' : `Native: imported from “${fileName}”`;
  const caveat =
    native.source === 'recorded'
      ? 'It may not be the machine this browser runs on, so wasm/native is indicative; for your own machine’s figures, run `overhead run` on this scenario and import its Report.'
      : 'A ratio to a Report from another machine is indicative only.';
  return `${what}, measured on ${machine}${when}. ${caveat}`;
}

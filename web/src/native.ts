// Native numbers beside the browser's: a Report from `overhead run --json`
// (imported by the user), matched row by row, and the wasm/native ratio.
import type { Report, ResultRow } from './report';

const key = (r: ResultRow) => [r.variant, r.engine, r.input, r.data].join('\u0000');

/** Each row's native median, where the native Report has the same row. */
export function nativeMedians(report: Report, native: Report | null): (number | null)[] {
  if (!native) return report.results.map(() => null);
  const medians = new Map(native.results.filter((r) => r.outcome !== 'error').map((r) => [key(r), r.median_ns]));
  return report.results.map((r) => medians.get(key(r)) ?? null);
}

/** Why a Report cannot serve as native numbers for `scenario`, or null. */
export function nativeProblem(native: Report, scenario: string | undefined): string | null {
  if (native.env.target !== 'native') return 'That Report was measured in a browser, not natively (its env.target is not "native").';
  if (scenario !== undefined && native.scenario !== scenario) {
    return `That Report is of scenario “${native.scenario}”, not “${scenario}”.`;
  }
  return null;
}

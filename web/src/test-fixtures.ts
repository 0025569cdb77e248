// Reports and result rows for unit tests: every field filled, the ones a test
// cares about given.
import type { Report, ResultRow } from './report';

/** A row measured once at `median_ns` (or at each of `runs_ns`, if given). */
export function resultRow(row: Pick<ResultRow, 'variant' | 'engine' | 'input'> & Partial<ResultRow> & { median_ns?: number }): ResultRow {
  const runs = row.runs_ns ?? [row.median_ns ?? 1];
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    data: 'serial',
    outcome: 'ok',
    size: 1,
    runs_ns: runs,
    median_ns: sorted[Math.floor(sorted.length / 2)] ?? 0,
    min_ns: sorted[0] ?? 0,
    max_ns: sorted[sorted.length - 1] ?? 0,
    mean_ns: runs.reduce((a, b) => a + b, 0) / Math.max(runs.length, 1),
    ...row,
  };
}

export function reportOf(results: ResultRow[], report: Partial<Report> = {}): Report {
  return {
    scenario: 'user-signup',
    env: { target: 'wasm', engine_version: '0' },
    settings: { iterations: 1, runs: 1, warmup: 0 },
    timer: { resolution_ns: 1, overhead_ns: 1 },
    results,
    ...report,
  };
}

// What the bench core's quality flags mean, for the marks beside a median and
// the legend under the table (the same words as the CLI's legend).
import type { Flag, Report } from './report';

export const FLAG_MEANINGS: Record<Flag, string> = {
  noisy: 'the min–max range exceeds 10% of the median; run again on a quieter machine, or with more iterations',
  warming: 'the time per operation was still falling (warm-up did not settle, or the runs get faster); warm up longer',
  drifting: 'the runs get slower one after another (thermal throttling, GC, or other load)',
  'few-runs': 'fewer than 3 runs: the median is one or two runs, and the range says little',
};

/** The flags any row of `report` carries, in a fixed order. */
export function flagsIn(report: Report): Flag[] {
  const seen = new Set(report.results.flatMap((r) => r.flags ?? []));
  return (Object.keys(FLAG_MEANINGS) as Flag[]).filter((f) => seen.has(f));
}

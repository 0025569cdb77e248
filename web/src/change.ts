// How much one figure changed against another, with a 95% confidence interval,
// and whether that is a change at all: the same statistic as the CLI's
// `overhead compare` (crate/bench/src/change.rs), tested on the same figures.
//
// Student's t on the logarithms of the paired per-run ratios after[k] /
// before[k]: the log makes a ratio's noise symmetric, the mean of the logs is
// the geometric mean ratio, and t because there are few runs. A change is said
// when the interval excludes no change and the estimate is at least 1%, as
// criterion says "change within noise threshold" of a real but negligible one.

/** A change smaller than this is not reported as one, however sure. */
export const NOISE_THRESHOLD = 0.01;

/** after / before − 1, with its 95% confidence interval. */
export interface Change {
  estimate: number;
  low: number;
  high: number;
  /** Pairs of runs it rests on. */
  pairs: number;
}

export type ChangeVerdict = 'faster' | 'slower' | 'no detectable change';

// Student's t, 0.975 quantile, for 1–30 degrees of freedom.
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074,
  2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** Student's t, two-sided 95%, for `df` degrees of freedom. */
export function t975(df: number): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= 30) return T_975[df - 1] ?? Number.POSITIVE_INFINITY;
  if (df <= 60) return 2.042 - ((df - 30) * (2.042 - 2.0)) / 30;
  if (df <= 120) return 2.0 - ((df - 60) * (2.0 - 1.98)) / 60;
  return 1.96;
}

/** The change from `before` to `after` (ns/op per run, paired by index); null with fewer than two pairs. */
export function changeBetween(before: readonly number[], after: readonly number[]): Change | null {
  const logs: number[] = [];
  before.forEach((b, k) => {
    const a = after[k];
    if (a !== undefined && b > 0 && a > 0) logs.push(Math.log(a / b));
  });
  const n = logs.length;
  if (n < 2) return null;
  const mean = logs.reduce((s, x) => s + x, 0) / n;
  const variance = logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  const half = t975(n - 1) * Math.sqrt(variance / n);
  return { estimate: Math.exp(mean) - 1, low: Math.exp(mean - half) - 1, high: Math.exp(mean + half) - 1, pairs: n };
}

export function changeVerdict(c: Change): ChangeVerdict {
  const sure = c.high < 0 || c.low > 0;
  if (!sure || Math.abs(c.estimate) < NOISE_THRESHOLD) return 'no detectable change';
  return c.estimate < 0 ? 'faster' : 'slower';
}

const pct = (x: number) => (x * 100).toFixed(1);
/** A fraction as a signed percentage with a true minus sign: "+0.5%", "−2.1%". */
const signedOneDecimal = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(x * 100).toFixed(1)}%`;

/** "faster by 10.0% (CI 9.1–10.9%)", "no detectable change (+0.5%, CI +0.4%–+0.6%)". */
export function describeChange(c: Change): string {
  switch (changeVerdict(c)) {
    case 'faster':
      return `faster by ${pct(-c.estimate)}% (CI ${pct(-c.high)}–${pct(-c.low)}%)`;
    case 'slower':
      return `slower by ${pct(c.estimate)}% (CI ${pct(c.low)}–${pct(c.high)}%)`;
    default:
      return `no detectable change (${signedOneDecimal(c.estimate)}, CI ${signedOneDecimal(c.low)}–${signedOneDecimal(c.high)})`;
  }
}

// What the results chart draws, from a Report: one bar per (variant, engine)
// at its median, a whisker from min to max, and a dot per run, grouped by
// input. Rows that failed are left out: they measured an error path.
import type { Report } from '../report';

export interface Bar {
  input: string;
  /** The row's label on the chart: "de+validate · compiled". */
  label: string;
  engine: string;
  median: number;
  min: number;
  max: number;
}

export interface RunDot {
  input: string;
  label: string;
  ns: number;
}

export interface ChartData {
  bars: Bar[];
  dots: RunDot[];
  /** Inputs in report order, for the groups. */
  inputs: string[];
  /** Labels in report order, for the rows of each group. */
  labels: string[];
}

export function chartData(report: Report): ChartData {
  const bars: Bar[] = [];
  const dots: RunDot[] = [];
  for (const r of report.results) {
    if (r.outcome === 'error') continue;
    const label = `${r.variant} · ${r.engine}`;
    bars.push({ input: r.input, label, engine: r.engine, median: r.median_ns, min: r.min_ns, max: r.max_ns });
    for (const ns of r.runs_ns) dots.push({ input: r.input, label, ns });
  }
  const unique = (xs: string[]) => [...new Set(xs)];
  return { bars, dots, inputs: unique(bars.map((b) => b.input)), labels: unique(bars.map((b) => b.label)) };
}

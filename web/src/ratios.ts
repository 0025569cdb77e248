// Each result beside its baseline: the first variant of the run (`de`, the
// decode the others add to) on the same input, measured by the same engine, or
// by the compiled engine for a peer crate (which has no baseline of its own),
// or by plain JavaScript for a JS library (zod: beside `JSON.parse`).
import type { Report } from './report';

/** Peers that are JavaScript libraries, measured beside the page's own JS engine. */
const JS_PEERS = new Set(['peer:zod']);

/** The baseline variant of a report: its first row's. */
export function baselineVariant(report: Report): string | null {
  return report.results[0]?.variant ?? null;
}

/** Each row's median over its baseline's (null where there is none, or for the baseline itself). */
export function baselineRatios(report: Report): (number | null)[] {
  const baseline = baselineVariant(report);
  const medians = new Map<string, number>();
  for (const r of report.results) {
    if (r.variant === baseline && r.outcome !== 'error') medians.set(`${r.engine}\u0000${r.input}`, r.median_ns);
  }
  return report.results.map((r) => {
    if (r.variant === baseline || r.outcome === 'error') return null;
    const fallback = JS_PEERS.has(r.engine) ? 'js' : 'compiled';
    const base = medians.get(`${r.engine}\u0000${r.input}`) ?? medians.get(`${fallback}\u0000${r.input}`);
    return base && base > 0 ? r.median_ns / base : null;
  });
}

/** "1.24×": two significant decimals, as criterion prints change ratios. */
export function formatRatio(ratio: number | null): string {
  return ratio === null || !Number.isFinite(ratio) ? '' : `${ratio.toFixed(2)}×`;
}

/** Operations per second, in the unit that reads best ("7.84 M/s"). */
export function formatOps(median_ns: number): string {
  if (!(median_ns > 0)) return '—';
  const ops = 1e9 / median_ns;
  if (ops >= 1e6) return `${(ops / 1e6).toPrecision(3)} M/s`;
  if (ops >= 1e3) return `${(ops / 1e3).toPrecision(3)} k/s`;
  return `${ops.toPrecision(3)} /s`;
}

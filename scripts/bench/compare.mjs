// `npm run bench:browser`'s table: each result measured in the browser (wasm)
// beside the same result measured natively with the same settings, and
// wasm/native as the ratio of their medians (the two were not measured side by
// side, so there are no per-run pairs to take a median of).
import { formatNs, formatRange } from './summary.mjs';

const key = (r) => `${r.variant}\0${r.engine}\0${r.input}\0${r.data}`;

const range = (r) => formatRange(r.min_ns, r.max_ns);

/** One row per browser result, with its native counterpart (or null) and the ratio. */
export function compareRows(wasm, native) {
  const natives = new Map(native.results.filter((r) => r.outcome !== 'error').map((r) => [key(r), r]));
  return wasm.results.map((w) => {
    const n = w.outcome === 'error' ? null : (natives.get(key(w)) ?? null);
    return {
      variant: w.variant,
      engine: w.engine,
      input: w.input,
      outcome: w.outcome,
      wasm: { median_ns: w.median_ns, min_ns: w.min_ns, max_ns: w.max_ns, flags: w.flags ?? [] },
      native: n && { median_ns: n.median_ns, min_ns: n.min_ns, max_ns: n.max_ns, flags: n.flags ?? [] },
      ratio: n && n.median_ns > 0 ? w.median_ns / n.median_ns : null,
    };
  });
}

/** The table for one scenario, as text. */
export function renderComparison(wasm, native) {
  const head = ['VARIANT', 'ENGINE', 'INPUT', 'WASM', 'WASM RANGE', 'NATIVE', 'NATIVE RANGE', 'WASM/NATIVE', 'FLAGS'];
  const cells = compareRows(wasm, native).map((r) => [
    r.variant,
    r.engine,
    r.input,
    r.outcome === 'error' ? 'error' : formatNs(r.wasm.median_ns),
    r.outcome === 'error' ? '' : range(r.wasm),
    r.native ? formatNs(r.native.median_ns) : '—',
    r.native ? range(r.native) : '',
    r.ratio === null ? '' : `${r.ratio.toFixed(2)}×`,
    [...new Set([...r.wasm.flags.map((f) => `wasm:${f}`), ...(r.native?.flags ?? []).map((f) => `native:${f}`)])].join(' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const right = new Set([3, 4, 5, 6, 7]);
  const line = (c) => c.map((x, i) => (right.has(i) ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join('  ').trimEnd();
  const s = wasm.settings;
  return [
    `${wasm.scenario}: ${s.runs} runs × ${s.iterations.toLocaleString('en')} iterations after ${s.warmup.toLocaleString('en')} warm-up, both sides`,
    line(head),
    ...cells.map(line),
  ].join('\n');
}

// Whether the interpreter tells compiled code's story: for each scenario and
// input, the cost validation adds to decoding, (de+validate − de) / de, and
// validate-on-de against de+validate, each as the two engines measured them.
// A page or an embed that runs definitions interpreted teaches from these
// shapes, so they must match compiled code's, not just its speed.
// Ratios are paired (medians of per-run ratios, DESIGN.md's methodology).
import { pairedRatio } from './summary.mjs';

/** How far the interpreter may stray: percentage points of overhead, and the ratio's units. */
export const TOLERANCE = { overheadPoints: 5, onDeRatio: 0.05 };

const find = (report, variant, engine, input, data) =>
  report.results.find((r) => r.variant === variant && r.engine === engine && r.input === input && r.data === data);

/**
 * One row per input (and data) where both engines ran `de` and `de+validate`:
 * each engine's validation overhead (a fraction) and validate-on-de/de+validate
 * (null when not run), with the gaps and whether they are within TOLERANCE.
 */
export function fidelityRows(report) {
  const rows = [];
  const seen = new Set();
  for (const r of report.results) {
    const key = `${r.input}\0${r.data}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const of = (variant, engine) => find(report, variant, engine, r.input, r.data);
    const shape = (engine) => {
      const de = of('de', engine);
      const validated = of('de+validate', engine);
      // An invalid input stops at different places in the two variants' work;
      // only a value that decodes in both is the same work.
      if (!de || !validated || de.outcome !== 'ok') return null;
      const over = pairedRatio(validated, de);
      if (over === null) return null;
      const onDe = pairedRatio(of('validate-on-de', engine), validated);
      return { overhead: over - 1, onDe };
    };
    const compiled = shape('compiled');
    const interpreted = shape('interpreted');
    if (!compiled || !interpreted) continue;
    const overheadGap = (interpreted.overhead - compiled.overhead) * 100;
    const onDeGap = compiled.onDe !== null && interpreted.onDe !== null ? interpreted.onDe - compiled.onDe : null;
    rows.push({
      input: r.input,
      data: r.data,
      compiled,
      interpreted,
      overheadGap,
      overheadOk: Math.abs(overheadGap) <= TOLERANCE.overheadPoints,
      onDeGap,
      onDeOk: onDeGap === null ? null : Math.abs(onDeGap) <= TOLERANCE.onDeRatio,
    });
  }
  return rows;
}

const percent = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const points = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(1)} pp`;
const mark = (ok) => (ok === null ? '' : ok ? 'ok' : 'OFF');

/** The rows as text, a block per Report; empty when no Report has both engines' validation. */
export function renderFidelity(reports) {
  const head = ['INPUT', 'VALIDATION ADDS: COMPILED', 'INTERPRETED', 'GAP', '', 'V-O-DE/DE+V: COMPILED', 'INTERPRETED', 'GAP', ''];
  const lines = [
    `FIDELITY (the interpreter's shape against compiled code's: validation's cost within ±${TOLERANCE.overheadPoints} pp, validate-on-de/de+validate within ±${TOLERANCE.onDeRatio})`,
  ];
  let any = false;
  for (const report of reports) {
    const rows = fidelityRows(report);
    if (!rows.length) continue;
    any = true;
    const cells = rows.map((r) => [
      r.data === 'serial' ? r.input : `${r.input} (${r.data})`,
      percent(r.compiled.overhead),
      percent(r.interpreted.overhead),
      points(r.overheadGap),
      mark(r.overheadOk),
      r.compiled.onDe === null ? '—' : r.compiled.onDe.toFixed(2),
      r.interpreted.onDe === null ? '—' : r.interpreted.onDe.toFixed(2),
      r.onDeGap === null ? '' : `${r.onDeGap >= 0 ? '+' : ''}${r.onDeGap.toFixed(2)}`,
      mark(r.onDeOk),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
    const line = (c) => c.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ').trimEnd();
    lines.push('', `${report.scenario} (${report.env.target ?? 'native'})`, line(head), ...cells.map(line));
  }
  return any ? `${lines.join('\n')}\n` : '';
}

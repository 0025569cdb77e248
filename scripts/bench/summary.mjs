// The cross-scenario summary `npm run bench` prints after the CLI's own tables:
// for each scenario, each variant and input, the compiled median, its ratio to
// the scenario's baseline variant, the interpreter's cost over compiled code,
// and the peers' medians. Ratios are medians of per-run ratios (DESIGN.md,
// Methodology): run k of two results was measured side by side.

/** "126 ns", "1.37 µs": as the CLI and the page print durations. */
const scale = (by) => (by >= 1e6 ? [1e6, 'ms'] : by >= 1e3 ? [1e3, 'µs'] : [1, 'ns']);
const digits = (v) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

export function formatNs(ns) {
  if (!Number.isFinite(ns)) return '—';
  const [div, unit] = scale(ns);
  return `${digits(ns / div)} ${unit}`;
}

/** "125–137 ns": both ends in the unit of the larger. */
export function formatRange(min, max) {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return '—';
  const [div, unit] = scale(max);
  return `${digits(min / div)}–${digits(max / div)} ${unit}`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** The median over runs of a.runs_ns[k] / b.runs_ns[k]; null when they cannot be paired. */
export function pairedRatio(a, b) {
  if (!a || !b || a.outcome === 'error' || b.outcome === 'error') return null;
  const n = Math.min(a.runs_ns.length, b.runs_ns.length);
  if (n === 0) return null;
  const ratios = [];
  for (let k = 0; k < n; k++) if (b.runs_ns[k] > 0) ratios.push(a.runs_ns[k] / b.runs_ns[k]);
  return ratios.length ? median(ratios) : null;
}

const ratio = (r) => (r === null ? '' : `${r.toFixed(2)}×`);

/** One row per variant, input and data of a native Report, as in the table below. */
export function summaryRows(report) {
  const find = (variant, engine, input, data) =>
    report.results.find((r) => r.variant === variant && r.engine === engine && r.input === input && r.data === data);
  const baseline = report.results[0]?.variant;
  const rows = [];
  const seen = new Set();
  for (const r of report.results) {
    const key = `${r.variant}\0${r.input}\0${r.data}`;
    if (r.engine.startsWith('peer:') || seen.has(key)) continue;
    seen.add(key);
    const compiled = find(r.variant, 'compiled', r.input, r.data);
    const interpreted = find(r.variant, 'interpreted', r.input, r.data);
    const ours = compiled ?? interpreted;
    const peers = report.results
      .filter((p) => p.engine.startsWith('peer:') && p.variant === r.variant && p.input === r.input && p.data === r.data)
      .map((p) => `${p.engine.slice(5)} ${p.outcome === 'error' ? 'error' : formatNs(p.median_ns)}`);
    rows.push({
      variant: r.variant,
      input: r.input,
      outcome: ours.outcome,
      compiled: compiled && compiled.outcome !== 'error' ? formatNs(compiled.median_ns) : '—',
      overBaseline: r.variant === baseline ? '' : ratio(pairedRatio(ours, find(baseline, ours.engine, r.input, r.data))),
      interpreted: interpreted && interpreted.outcome !== 'error' ? formatNs(interpreted.median_ns) : '—',
      interpretedOverCompiled: ratio(pairedRatio(interpreted, compiled)),
      peers: peers.join(', '),
    });
  }
  return { baseline, rows };
}

/** The summary as text: a block per Report. */
export function renderSummary(reports) {
  const head = ['VARIANT', 'INPUT', 'OUTCOME', 'COMPILED', '×BASE', 'INTERPRETED', 'INT/COMP', 'PEERS'];
  const lines = ['SUMMARY (medians; ratios are medians of per-run ratios; ×BASE is over the first variant, same engine and input)'];
  for (const report of reports) {
    const { baseline, rows } = summaryRows(report);
    const cells = rows.map((r) => [r.variant, r.input, r.outcome, r.compiled, r.overBaseline, r.interpreted, r.interpretedOverCompiled, r.peers]);
    const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
    const right = new Set([3, 4, 5, 6]);
    const line = (c) => c.map((x, i) => (right.has(i) ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join('  ').trimEnd();
    lines.push('', `${report.scenario} (baseline ${baseline}; ${report.env.cpu ?? 'unknown CPU'})`, line(head), ...cells.map(line));
  }
  return `${lines.join('\n')}\n`;
}

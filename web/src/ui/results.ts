// The results table: one row per (variant, engine, input), criterion-style:
// median, range and mean, throughput, the ratio to the baseline variant, runs.
// Below it, the violations each invalid input gets: what a user's API answers.
import { formatBytes, formatCount, formatNs, formatRange } from '../format';
import { codeSizes, nativeInstructions, nativeMedians } from '../native';
import { baselineRatios, baselineVariant, formatOps, formatRatio } from '../ratios';
import type { Report, ResultRow } from '../report';
import type { NativeNumbers } from '../native';
import { el } from './dom';
import { FLAG_MEANINGS, flagsIn } from '../quality';

const COLUMNS = ['Variant', 'Engine', 'Input', 'Data', 'Outcome', 'Median', 'Range (min–max)', 'Mean', 'ops/s', '× baseline', 'Runs', 'Cold', 'Size', 'Flags'];
/**
 * Each column's class on its header and cells (`col-median`, `col-ops-s`…),
 * so that a narrower view (the embed) can leave some out with CSS alone.
 */
const columnClass = (heading: string) => `col-${heading.toLowerCase().replace(/\(.*\)/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
const INSTRUCTIONS = 'Native instr/op';
const CODE_SIZE = 'Code size';
const TITLES: Record<string, string> = {
  [CODE_SIZE]:
    "Bytes the engine's code adds to the wasm module for these definitions: the module built with it less the module built without it (overhead run --measure size; cargo's release profile without LTO, no wasm-opt)",
  Cold: 'ns/op of the first warm-up batch: the code before it was warm (before a JIT tiered it up)',
  [INSTRUCTIONS]:
    'Instructions per operation of the native build, counted by callgrind (overhead run --measure instructions): unlike time, the same on any machine and under any load',
};

/** The table; with `native` figures (from `overhead run --json`), their medians and the wasm/native ratio too. */
export function renderResults(table: HTMLTableElement, report: Report, native: NativeNumbers | null = null, live: NativeNumbers | null = null): void {
  const baseline = baselineVariant(report);
  const instructions = nativeInstructions(report, native);
  const counted = instructions.some((n) => n !== null);
  const sizes = codeSizes(report, native ?? live);
  const sized = sizes.some((n) => n !== null);
  const columns = [
    ...COLUMNS,
    ...(native ? ['Native', 'wasm/native'] : []),
    ...(counted ? [INSTRUCTIONS] : []),
    ...(sized ? [CODE_SIZE] : []),
    ...(live ? ['Native (this machine)', 'wasm/native (this machine)'] : []),
  ];
  const head = el('thead', {}, [
    el(
      'tr',
      {},
      columns.map((h) => el('th', { className: columnClass(h), text: h, title: h === '× baseline' && baseline ? `median over ${baseline}'s, same engine and input` : (TITLES[h] ?? '') })),
    ),
  ]);
  const ratios = baselineRatios(report);
  const natives = nativeMedians(report, native);
  const lives = nativeMedians(report, live);
  const body = el('tbody');
  report.results.forEach((r, i) => {
    const outcome = el('td', { className: `outcome ${r.outcome}`, text: r.outcome });
    const violations = r.violations?.map((v) => `${v.path}: ${v.message} (${v.code})`).join('\n');
    if (violations || r.message) outcome.title = violations || r.message || '';
    const runs = r.runs_ns.map((ns) => formatNs(ns)).join(', ');
    const cells = [
      el('td', { className: 'variant', text: r.variant }),
      el('td', { text: r.engine }),
      el('td', { text: r.input }),
      el('td', { text: r.data }),
      outcome,
      withNs(el('td', { className: 'median num', text: formatNs(r.median_ns) }), r.median_ns),
      el('td', { className: 'range num', text: formatRange(r.min_ns, r.max_ns) }),
      el('td', { className: 'mean num', text: formatNs(r.mean_ns) }),
      el('td', { className: 'ops num', text: formatOps(r.median_ns) }),
      el('td', { className: 'ratio num', text: formatRatio(ratios[i] ?? null) }),
      el('td', { className: 'runs num', text: String(r.runs_ns.length), title: runs }),
      el('td', { className: 'cold num', text: r.cold_ns === undefined ? '—' : formatNs(r.cold_ns) }),
      el('td', { className: 'num', text: `${r.size} B` }),
      flagsCell(r),
      ...(native ? nativeCells(r.median_ns, natives[i] ?? null, '') : []),
      ...(counted ? [instructionsCell(instructions[i] ?? null)] : []),
      ...(sized ? [codeSizeCell(sizes[i] ?? null)] : []),
      ...(live ? nativeCells(r.median_ns, lives[i] ?? null, '-live') : []),
    ];
    cells.forEach((cell, at) => cell.classList.add(columnClass(columns[at] ?? '')));
    body.append(el('tr', { className: 'result-row' }, cells));
    // A decoding error is worth a line; violations are listed below the table.
    if (r.outcome === 'error' && r.message) {
      body.append(el('tr', { className: 'message-row' }, [Object.assign(el('td', { text: r.message }), { colSpan: columns.length })]));
    }
  });
  table.replaceChildren(head, body);
}

/** Each invalid input's violations, once (every engine reports the same). */
export function renderViolations(host: HTMLElement, report: Report): void {
  const byInput = new Map<string, ResultRow>();
  for (const r of report.results) {
    if (r.outcome === 'invalid' && r.violations?.length && !byInput.has(r.input)) byInput.set(r.input, r);
  }
  host.replaceChildren(
    ...[...byInput].map(([input, r]) =>
      el('section', { className: 'violations' }, [
        el('h3', { text: `What input “${input}” gets back` }),
        el('table', { className: 'violations-table' }, [
          el('thead', {}, [el('tr', {}, ['Path', 'Code', 'Message'].map((h) => el('th', { text: h })))]),
          el(
            'tbody',
            {},
            (r.violations ?? []).map((v) =>
              el('tr', {}, [el('td', { className: 'path', text: v.path || '(root)' }), el('td', { text: v.code }), el('td', { text: v.message })]),
            ),
          ),
        ]),
      ]),
    ),
  );
  host.hidden = byInput.size === 0;
}

/** The native median and the wasm/native ratio; `suffix` tells the live column's classes apart. */
function nativeCells(median: number, nativeMedian: number | null, suffix: string): HTMLTableCellElement[] {
  if (nativeMedian === null) return [el('td', { className: `native${suffix} num`, text: '—' }), el('td', { className: `wasm-native${suffix} num` })];
  return [
    el('td', { className: `native${suffix} num`, text: formatNs(nativeMedian) }),
    el('td', { className: `wasm-native${suffix} num`, text: formatRatio(nativeMedian > 0 ? median / nativeMedian : null) }),
  ];
}

/** The native build's instructions per operation: the figure that travels between machines. */
function instructionsCell(count: number | null): HTMLTableCellElement {
  const cell = el('td', { className: 'instructions num', text: count === null ? '—' : formatCount(count) });
  if (count !== null) cell.title = TITLES[INSTRUCTIONS] ?? '';
  return cell;
}

/** The bytes the row's engine's code adds to the module: what choosing it costs in download. */
function codeSizeCell(bytes: number | null): HTMLTableCellElement {
  const cell = el('td', { className: 'code-size num', text: bytes === null ? '—' : formatBytes(bytes) });
  if (bytes !== null) cell.title = `${bytes.toLocaleString('en-US')} bytes: ${TITLES[CODE_SIZE] ?? ''}`;
  return cell;
}

/** A mark per quality flag, its meaning on hover (and in the legend below the table). */
function flagsCell(row: ResultRow): HTMLTableCellElement {
  const marks = (row.flags ?? []).map((flag) => el('span', { className: `flag flag-${flag}`, text: flag, title: FLAG_MEANINGS[flag] }));
  return el('td', { className: 'flags' }, marks);
}

/** What each flag on the table means, once. */
export function renderFlagLegend(host: HTMLUListElement, report: Report): void {
  const flags = flagsIn(report);
  host.replaceChildren(...flags.map((f) => el('li', {}, [el('span', { className: `flag flag-${f}`, text: f }), ` ${FLAG_MEANINGS[f]}`])));
  host.hidden = flags.length === 0;
}

/** Keeps the exact figure beside the rounded text, for tools that read the page. */
function withNs(cell: HTMLTableCellElement, ns: number): HTMLTableCellElement {
  cell.dataset['ns'] = String(ns);
  return cell;
}

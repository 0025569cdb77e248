// The results table: one row per (variant, engine, input), criterion-style:
// median, range, runs.
import { formatNs, formatRange } from '../format';
import type { Report } from '../report';
import { el } from './dom';

export function renderResults(table: HTMLTableElement, report: Report): void {
  const head = el('thead', {}, [
    el('tr', {}, ['Variant', 'Engine', 'Input', 'Data', 'Outcome', 'Median', 'Range (min–max)', 'Runs', 'Size'].map((h) => el('th', { text: h }))),
  ]);
  const body = el('tbody');
  for (const r of report.results) {
    const outcome = el('td', { className: `outcome ${r.outcome}`, text: r.outcome });
    const violations = r.violations?.map((v) => `${v.path}: ${v.message} (${v.code})`).join('\n');
    if (violations || r.message) outcome.title = violations || r.message || '';
    const runs = r.runs_ns.map((ns) => formatNs(ns)).join(', ');
    body.append(
      el('tr', { className: 'result-row' }, [
        el('td', { className: 'variant', text: r.variant }),
        el('td', { text: r.engine }),
        el('td', { text: r.input }),
        el('td', { text: r.data }),
        outcome,
        withNs(el('td', { className: 'median num', text: formatNs(r.median_ns) }), r.median_ns),
        el('td', { className: 'range num', text: formatRange(r.min_ns, r.max_ns) }),
        el('td', { className: 'runs num', text: String(r.runs_ns.length), title: runs }),
        el('td', { className: 'num', text: `${r.size} B` }),
      ]),
    );
    // A decoding error is worth a line; violations are what a validator is for.
    if (r.outcome === 'error' && r.message) {
      body.append(el('tr', { className: 'message-row' }, [Object.assign(el('td', { text: r.message }), { colSpan: 9 })]));
    }
  }
  table.replaceChildren(head, body);
}

/** Keeps the exact figure beside the rounded text, for tools that read the page. */
function withNs(cell: HTMLTableCellElement, ns: number): HTMLTableCellElement {
  cell.dataset['ns'] = String(ns);
  return cell;
}

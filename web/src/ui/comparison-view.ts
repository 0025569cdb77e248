// The comparison of two runs: this page keeps its recent runs, and shows the
// latest beside an earlier one (the previous, unless the user picks another):
// what changed between them, and each figure's change with its 95% confidence
// interval and verdict.
import { describeChange } from '../change';
import { type ComparedRow, type RunRecord, compareRows, documentChanges, runLabel } from '../comparison';
import { formatNs, formatRange } from '../format';
import { signedPercent } from '../reading';
import type { Report, ResultRow, ScenarioDocument } from '../report';
import { el } from './dom';

/** Enough to go back a few edits, few enough to stay small. */
const KEPT = 12;

export class ComparisonView {
  private runs: RunRecord[] = [];
  private nextId = 1;

  constructor(private readonly host: HTMLElement) {}

  /** Keeps a finished run, and compares it with the one before. */
  add(doc: ScenarioDocument, report: Report): void {
    this.runs.push({ id: this.nextId++, at: new Date().toISOString(), doc: structuredClone(doc), report });
    if (this.runs.length > KEPT) this.runs.shift();
    this.render(this.runs.length - 2);
  }

  private render(againstIndex: number): void {
    const latest = this.runs.at(-1);
    const earlier = this.runs[againstIndex];
    if (!latest || !earlier || earlier === latest) {
      this.host.hidden = true;
      this.host.replaceChildren();
      return;
    }
    const picker = el('select', { className: 'compare-picker' });
    picker.setAttribute('aria-label', 'Earlier run to compare with');
    this.runs.slice(0, -1).forEach((run, i) => {
      const option = el('option', { text: runLabel(run) });
      option.value = String(i);
      option.selected = i === againstIndex;
      picker.append(option);
    });
    picker.addEventListener('change', () => this.render(Number(picker.value)));
    const changes = documentChanges(earlier, latest);
    const rows = compareRows(earlier.report, latest.report);
    this.host.hidden = false;
    this.host.replaceChildren(
      el('h2', { text: 'Compared with an earlier run' }),
      el('p', { className: 'compare-head' }, [`${capitalised(runLabel(latest))} beside `, picker]),
      el('p', {
        className: 'compare-changes',
        text: changes.length > 0 ? `What changed: ${changes.join('; ')}.` : 'Nothing changed between the two: a change found here is the machine’s, not the code’s (measured here, two such runs agreed on 116 of 120 rows).',
      }),
      el('p', { className: 'compare-summary', text: summary(rows) }),
      el('div', { className: 'table-scroll' }, [table(rows, runLabel(earlier), runLabel(latest))]),
    );
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function summary(rows: ComparedRow[]): string {
  const count = (v: ComparedRow['verdict']) => rows.filter((r) => r.verdict === v).length;
  const parts = [
    [count('faster'), 'faster'],
    [count('slower'), 'slower'],
    [count('no detectable change'), 'with no detectable change'],
    [count('too few runs'), 'with too few runs to tell'],
    [count('only after') + count('only before'), 'in one run only'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`);
  return `${parts.join(', ')}. A change is said when its 95% confidence interval (Student's t on the logarithms of the paired per-run ratios) excludes no change and it is at least 1%.`;
}

function figure(row: ResultRow | null): HTMLTableCellElement {
  if (!row) return el('td', { className: 'num', text: '—' });
  return el('td', { className: 'num', title: formatRange(row.min_ns, row.max_ns), text: formatNs(row.median_ns) });
}

function table(rows: ComparedRow[], before: string, after: string): HTMLTableElement {
  return el('table', { className: 'compare-table' }, [
    el('thead', {}, [el('tr', {}, ['Variant', 'Engine', 'Input', before, after, 'Change', 'Verdict (95% CI)'].map((h) => el('th', { text: h })))]),
    el(
      'tbody',
      {},
      rows.map((r) =>
        el('tr', { className: `compare-row ${r.verdict.replace(/ /g, '-')}` }, [
          el('td', { className: 'variant', text: r.variant }),
          el('td', { text: r.engine }),
          el('td', { text: r.input }),
          figure(r.before),
          figure(r.after),
          el('td', { className: 'num change', text: r.change === null ? '—' : signedPercent(r.change) }),
          el('td', { className: 'verdict', text: r.interval ? describeChange(r.interval) : r.verdict }),
        ]),
      ),
    ),
  ]);
}

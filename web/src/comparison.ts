// Two runs side by side: what changed between their documents (a rule, an
// input, a setting), and for each (variant, engine, input) both medians, the
// change with its 95% confidence interval from the paired per-run ratios, and a
// verdict (./change: Student's t on the log-ratios, as `overhead compare`).
import { type Change, changeBetween, changeVerdict } from './change';
import type { Report, ResultRow, ScenarioDocument } from './report';

/** A finished run the page keeps, to compare with a later one. */
export interface RunRecord {
  /** 1, 2, … in the order of this page's runs. */
  id: number;
  /** ISO time the run finished. */
  at: string;
  doc: ScenarioDocument;
  report: Report;
}

export type Verdict = 'faster' | 'slower' | 'no detectable change' | 'too few runs' | 'only before' | 'only after';

export interface ComparedRow {
  variant: string;
  engine: string;
  input: string;
  before: ResultRow | null;
  after: ResultRow | null;
  /** after / before − 1 of the medians, when both have a figure. */
  change: number | null;
  /** The change with its 95% interval, from the paired per-run ratios (two runs or more on each side). */
  interval: Change | null;
  verdict: Verdict;
}

const key = (r: ResultRow) => `${r.variant}\u0000${r.engine}\u0000${r.input}`;

export function compareRows(before: Report, after: Report): ComparedRow[] {
  const earlier = new Map(before.results.map((r) => [key(r), r]));
  const rows: ComparedRow[] = after.results.map((a) => {
    const b = earlier.get(key(a)) ?? null;
    earlier.delete(key(a));
    return compared(b, a);
  });
  for (const b of earlier.values()) rows.push(compared(b, null));
  return rows;
}

function compared(before: ResultRow | null, after: ResultRow | null): ComparedRow {
  const row = (after ?? before)!;
  const base = { variant: row.variant, engine: row.engine, input: row.input, before, after };
  if (!before) return { ...base, change: null, interval: null, verdict: 'only after' };
  if (!after) return { ...base, change: null, interval: null, verdict: 'only before' };
  const change = before.median_ns > 0 ? after.median_ns / before.median_ns - 1 : null;
  const interval = changeBetween(before.runs_ns, after.runs_ns);
  return { ...base, change, interval, verdict: interval ? changeVerdict(interval) : 'too few runs' };
}

/** What differs between two runs' documents and settings, in words; empty when nothing does. */
export function documentChanges(before: RunRecord, after: RunRecord): string[] {
  const a = before.doc;
  const b = after.doc;
  const changes: string[] = [];
  if (a.name !== b.name) changes.push(`scenario ${a.name ?? a.title} → ${b.name ?? b.title}`);
  if (a.schema !== b.schema) changes.push(`definitions edited (${changedLines(a.schema, b.schema)})`);
  if ((a.root ?? '') !== (b.root ?? '')) changes.push(`root ${a.root ?? 'automatic'} → ${b.root ?? 'automatic'}`);
  const names = [...new Set([...Object.keys(a.inputs), ...Object.keys(b.inputs)])];
  for (const name of names) {
    const x = a.inputs[name];
    const y = b.inputs[name];
    if (x === undefined) changes.push(`input “${name}” added`);
    else if (y === undefined) changes.push(`input “${name}” removed`);
    else if (x !== y) changes.push(`input “${name}” edited`);
  }
  if ((a.data ?? 'serial') !== (b.data ?? 'serial')) changes.push(`data ${a.data ?? 'serial'} → ${b.data ?? 'serial'}`);
  const s = before.report.settings;
  const t = after.report.settings;
  if (s.runs !== t.runs || s.iterations !== t.iterations || s.warmup !== t.warmup) {
    changes.push(`settings ${settingsText(s)} → ${settingsText(t)}`);
  }
  const envA = before.report.env.browser ?? before.report.env.target;
  const envB = after.report.env.browser ?? after.report.env.target;
  if (envA !== envB) changes.push('measured in another environment');
  return changes;
}

function settingsText(s: Report['settings']): string {
  return `${s.runs} × ${s.iterations.toLocaleString('en')} (warm-up ${s.warmup.toLocaleString('en')})`;
}

/** "1 line added, 1 removed": the lines of each that the other lacks (as multisets, so a moved line is no change). */
function changedLines(a: string, b: string): string {
  const count = (text: string) => {
    const counts = new Map<string, number>();
    for (const line of text.split('\n')) counts.set(line.trim(), (counts.get(line.trim()) ?? 0) + 1);
    return counts;
  };
  const x = count(a);
  const y = count(b);
  const lacking = (p: Map<string, number>, q: Map<string, number>) => [...p].reduce((n, [line, k]) => n + Math.max(0, k - (q.get(line) ?? 0)), 0);
  const added = lacking(y, x);
  const removed = lacking(x, y);
  const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
  if (added === 0 && removed === 0) return 'layout only';
  if (removed === 0) return `${lines(added)} added`;
  if (added === 0) return `${lines(removed)} removed`;
  return `${lines(added)} added, ${removed} removed`;
}

/** "run 2 (12:03:15)". */
export function runLabel(run: RunRecord): string {
  const time = new Date(run.at);
  const clock = Number.isNaN(time.getTime()) ? '' : ` (${time.toTimeString().slice(0, 8)})`;
  return `run ${run.id}${clock}`;
}

// The results as files people paste elsewhere: the Report as JSON, the table as
// CSV (for spreadsheets) and as Markdown (for docs and issues).
import { browserName, formatNs, formatRange } from './format';
import type { Report, ResultRow } from './report';

const opsPerSecond = (row: ResultRow) => (row.median_ns > 0 ? 1e9 / row.median_ns : 0);

/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(report: Report): string {
  const head = ['variant', 'engine', 'input', 'data', 'outcome', 'size_bytes', 'median_ns', 'min_ns', 'max_ns', 'mean_ns', 'ops_per_s', 'runs', 'cold_ns', 'flags'];
  const rows = report.results.map((r) =>
    [r.variant, r.engine, r.input, r.data, r.outcome, r.size, r.median_ns, r.min_ns, r.max_ns, r.mean_ns, Math.round(opsPerSecond(r)), r.runs_ns.length, r.cold_ns ?? '', (r.flags ?? []).join(' ')]
      .map(csvCell)
      .join(','),
  );
  return [head.join(','), ...rows].join('\n') + '\n';
}

/** A Markdown table cell: pipes and line breaks would break the table. */
const mdCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function toMarkdown(report: Report): string {
  const s = report.settings;
  const where = report.env.browser ? browserName(report.env.browser) : report.env.target;
  const lines = [
    `**${mdCell(report.scenario)}** — ${where}, ${s.runs} runs × ${s.iterations.toLocaleString('en')} iterations after ${s.warmup.toLocaleString('en')} warm-up`,
    '',
    '| variant | engine | input | outcome | median | min–max | ops/s | flags |',
    '|---|---|---|---|--:|--:|--:|---|',
    ...report.results.map(
      (r) =>
        `| ${mdCell(r.variant)} | ${mdCell(r.engine)} | ${mdCell(r.input)} | ${r.outcome} | ${formatNs(r.median_ns)} | ${formatRange(r.min_ns, r.max_ns)} | ${Math.round(opsPerSecond(r)).toLocaleString('en')} | ${(r.flags ?? []).join(', ')} |`,
    ),
  ];
  return lines.join('\n') + '\n';
}

export function toJson(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

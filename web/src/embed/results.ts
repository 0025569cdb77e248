// The embed's results, loaded with the first report: the chart, the table with
// its native column, the flags' meanings and the notes.
import { nativeLabel, type NativeNumbers } from '../native';
import type { Report } from '../report';
import { renderChart } from '../ui/chart';
import { renderFlagLegend, renderResults } from '../ui/results';

export interface ResultsHosts {
  chart: HTMLElement;
  table: HTMLTableElement;
  legend: HTMLUListElement;
  nativeNote: HTMLElement;
  notes: HTMLUListElement;
  env: HTMLElement;
}

/** The table (drawn again when native figures arrive). */
export function showTable(hosts: ResultsHosts, report: Report, native: NativeNumbers | null): void {
  renderResults(hosts.table, report, native);
  renderFlagLegend(hosts.legend, report);
  hosts.nativeNote.hidden = native === null;
  hosts.nativeNote.textContent = native ? nativeLabel(native) : '';
}

export async function showResults(hosts: ResultsHosts, report: Report, native: NativeNumbers | null): Promise<void> {
  showTable(hosts, report, native);
  const notes = report.notes ?? [];
  hosts.notes.replaceChildren(...notes.map((note) => Object.assign(document.createElement('li'), { textContent: note })));
  hosts.notes.hidden = notes.length === 0;
  const s = report.settings;
  hosts.env.textContent = `${report.env.target} · overhead ${report.env.engine_version} · ${s.runs} runs × ${s.iterations.toLocaleString('en')} iterations after ${s.warmup.toLocaleString('en')} warm-up · runs interleaved`;
  hosts.env.dataset['iterations'] = String(s.iterations);
  await renderChart(hosts.chart, report);
}

// The figures in words, above the chart.
import { readingOf } from '../reading';
import type { Report } from '../report';
import { el } from './dom';

export function renderReading(host: HTMLElement, report: Report): void {
  const sentences = readingOf(report);
  host.hidden = sentences.length === 0;
  host.replaceChildren(...sentences.map((s) => el('p', { text: s })));
}

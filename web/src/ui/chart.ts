// The results chart, drawn with Observable Plot (SVG, built as DOM nodes: no
// HTML strings, nothing evaluated). Plot loads only once there are results.
import type { Report } from '../report';
import { chartData } from './chart-data';

export async function renderChart(host: HTMLElement, report: Report): Promise<void> {
  const data = chartData(report);
  if (data.bars.length === 0) {
    host.replaceChildren();
    host.hidden = true;
    return;
  }
  // The chart's room is taken at once, before Plot loads: nothing below jumps.
  const height = 40 + data.bars.length * 20 + data.inputs.length * 16;
  host.hidden = false;
  host.style.minHeight = `${height + 60}px`;
  const width = Math.max(360, Math.min(host.clientWidth - 24 || 900, 1400));
  const Plot = await import('@observablehq/plot');
  const chart = Plot.plot({
    width,
    height,
    marginLeft: 230,
    // Room for the input names that label the groups.
    marginRight: 80,
    style: { fontSize: '12px', background: 'transparent' },
    x: { label: 'ns per operation →', grid: true, nice: true, zero: true },
    y: { label: null, domain: data.labels },
    fy: { label: null, domain: data.inputs, axis: 'right' },
    color: { legend: true, domain: [...new Set(data.bars.map((b) => b.engine))], scheme: 'tableau10' },
    marks: [
      Plot.barX(data.bars, { x: 'median', y: 'label', fy: 'input', fill: 'engine', fillOpacity: 0.75, title: (b: { label: string; median: number }) => `${b.label}: median ${b.median.toFixed(1)} ns` }),
      Plot.ruleY(data.bars, { x1: 'min', x2: 'max', y: 'label', fy: 'input', stroke: 'currentColor', strokeWidth: 1.2 }),
      Plot.dot(data.dots, { x: 'ns', y: 'label', fy: 'input', r: 2, fill: 'currentColor', fillOpacity: 0.6 }),
      Plot.ruleX([0]),
    ],
  });
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', `Median ns per operation of each variant and engine, by input, with each run's figure`);
  host.replaceChildren(chart);
  host.hidden = false;
}

// "Where validation time goes": one stacked bar per input (decoding, then each
// rule, measured or as its share of compiled validation, and the integration
// when it is the rules' own engine's), the sentences on how the parts add up
// and which rule costs most, and a table of each field's rules with the
// interpreted engine's median cost of each.
import { type InputBreakdown, breakdownOf, ruleLabel } from '../breakdown';
import { interpretedSentence, methodSentence, partsSentence } from '../breakdown-words';
import { formatNs, formatRange } from '../format';
import type { Report } from '../report';
import { el, withCode } from './dom';

export async function renderBreakdown(host: HTMLElement, report: Report): Promise<void> {
  const breakdowns = breakdownOf(report);
  host.hidden = breakdowns.length === 0;
  if (breakdowns.length === 0) {
    host.replaceChildren();
    return;
  }
  const chart = el('div', { className: 'breakdown-chart' });
  // The bar's room is taken before Plot loads, so nothing below jumps.
  chart.style.minHeight = `${90 + breakdowns.length * 46}px`;
  host.replaceChildren(
    el('h2', { text: 'Where validation time goes' }),
    el('p', { className: 'hint', text: methodSentence(breakdowns) }),
    chart,
    ...breakdowns.map(section),
  );
  await drawBars(chart, breakdowns);
}

function section(b: InputBreakdown): HTMLElement {
  const total = b.rulesNs;
  const rows = b.rules.map((c) =>
    el('tr', { className: `rule-row${c.failed ? ' fails' : ''}` }, [
      el('td', { className: 'path', text: c.path }),
      el('td', { className: 'rule', text: ruleLabel(c) }),
      el('td', { className: 'num', text: String(c.values) }),
      el('td', { className: 'num median', text: formatNs(c.median_ns) }),
      el('td', { className: 'num', text: formatRange(c.min_ns, c.max_ns) }),
      el('td', { className: 'num share', text: total > 0 ? `${Math.round((Math.max(0, c.median_ns) / total) * 100)}%` : '—' }),
      el('td', { text: c.failed ? 'fails: builds its violation' : 'holds' }),
    ]),
  );
  const interpreted = interpretedSentence(b);
  return el('section', { className: 'breakdown-input' }, [
    el('h3', { text: `Input “${b.input}”` }),
    el('p', { className: 'parts', text: partsSentence(b) }),
    ...(interpreted ? [el('p', { className: 'interpreted-parts', text: interpreted })] : []),
    ...(b.costliest ? [el('p', { className: 'costliest' }, withCode(b.costliest))] : []),
    el('table', { className: 'breakdown-table' }, [
      el('caption', { text: 'Each rule timed alone by the interpreted engine' }),
      el('thead', {}, [el('tr', {}, ['Field', 'Rule', 'Values', 'Median', 'Range', 'Share of rules', 'Here'].map((h) => el('th', { text: h })))]),
      el('tbody', {}, rows),
    ]),
  ]);
}

async function drawBars(host: HTMLElement, breakdowns: InputBreakdown[]): Promise<void> {
  const segments = breakdowns.flatMap((b) => b.segments.map((s) => ({ ...s, input: b.input })));
  const labels = [...new Set(segments.map((s) => s.label))];
  const compiled = breakdowns.some((b) => b.totals?.engine === 'compiled');
  const Plot = await import('@observablehq/plot');
  const width = Math.max(360, Math.min(host.clientWidth - 24 || 900, 1400));
  const chart = Plot.plot({
    width,
    height: 60 + breakdowns.length * 46,
    marginLeft: 90,
    style: { fontSize: '12px', background: 'transparent' },
    x: { label: `ns per validated decode${compiled ? ' (compiled code)' : ''} →`, grid: true, nice: true },
    y: { label: null, domain: breakdowns.map((b) => b.input) },
    color: { legend: true, domain: labels, scheme: 'tableau10' },
    marks: [
      Plot.barX(segments, {
        x: 'ns',
        y: 'input',
        fill: 'label',
        order: labels,
        stroke: 'var(--panel)',
        title: (s: { title: string }) => s.title,
      }),
      Plot.ruleX([0]),
    ],
  });
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', compiled ? 'Stacked bars: compiled decoding, then compiled validation split among the rules, per input' : 'Stacked bars: decoding, each rule and the integration, per input');
  host.replaceChildren(chart);
}

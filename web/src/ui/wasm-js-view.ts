// wasm against plain JavaScript: per input, the same work in JS, in zod 4 and
// in wasm, with the boundary costs of calling wasm from a page.
import { formatNs } from '../format';
import type { Report } from '../report';
import { wasmVsJs } from '../wasm-vs-js';
import { el } from './dom';

const HEADERS: [string, string][] = [
  ['Input', ''],
  ['Work', ''],
  ['JS', 'JSON.parse, then a validator built from the same rules (engine js)'],
  ['zod 4', 'JSON.parse, then zod 4’s safeParse on a schema built from the same rules'],
  ['wasm', 'the work in wasm, the text already in wasm memory'],
  ['+ string in', 'str-in: passing the JS string into wasm'],
  ['= from JS', 'wasm + string in: what a page pays to decode a JS string in wasm, the value kept there'],
  ['JS ÷ wasm', 'above 1×: wasm (with the string passed in) is faster'],
  ['+ value out', 'to-js: handing the decoded value back as a JS object'],
  ['= JS object out', 'from JS + value out: comparable with JSON.parse, which gives a JS object'],
];

export function renderWasmVsJs(host: HTMLElement, report: Report): void {
  const rows = wasmVsJs(report);
  host.hidden = rows.length === 0;
  if (rows.length === 0) {
    host.replaceChildren();
    return;
  }
  const ns = (x: number | null) => (x === null ? '—' : formatNs(x));
  const engine = rows[0]?.wasmEngine ?? 'compiled';
  host.replaceChildren(
    el('h2', { text: 'wasm against plain JavaScript' }),
    el('p', {
      className: 'hint',
      text: `The same work in the same worker and loop: JavaScript’s JSON.parse with a validator built from the same rules, zod 4, and wasm (${engine} engine), with the cost of crossing into wasm and back.`,
    }),
    el('div', { className: 'table-scroll' }, [
      el('table', { className: 'wasm-js-table' }, [
        el('thead', {}, [el('tr', {}, HEADERS.map(([h, title]) => el('th', { text: h, title })))]),
        el(
          'tbody',
          {},
          rows.map((r) =>
            el('tr', {}, [
              el('td', { text: r.input }),
              el('td', { className: 'variant', text: r.work }),
              el('td', { className: 'num', text: ns(r.js) }),
              el('td', { className: 'num', text: ns(r.zod) }),
              el('td', { className: 'num', text: ns(r.wasm) }),
              el('td', { className: 'num', text: ns(r.strIn) }),
              el('td', { className: 'num median', text: ns(r.fromJs) }),
              el('td', { className: 'num ratio', text: r.speedup === null ? '—' : `${r.speedup.toFixed(2)}×` }),
              el('td', { className: 'num', text: ns(r.toJs) }),
              el('td', { className: 'num', text: ns(r.roundTrip) }),
            ]),
          ),
        ),
      ]),
    ]),
  );
}

// wasm against plain JavaScript, per input: the same work (decode; decode and
// validate) done by `JSON.parse` and a validator built from the same rules
// (`js`), by zod 4 (`peer:zod`), and in wasm, with the boundary costs a page
// pays to use wasm: passing the JSON string in (`str-in`) and, when the page
// wants the value as a JS object, handing it back (`to-js`).
import type { Report, ResultRow } from './report';

export interface WasmVsJsRow {
  input: string;
  /** `de` or `de+validate`. */
  work: string;
  js: number | null;
  zod: number | null;
  /** The wasm engine's median, with the text already in wasm memory. */
  wasm: number | null;
  wasmEngine: string;
  strIn: number | null;
  toJs: number | null;
  /** wasm + str-in: called from JS with a string, the value kept in wasm. */
  fromJs: number | null;
  /** fromJs + to-js: a JS object out, as `JSON.parse` gives. */
  roundTrip: number | null;
  /** js ÷ fromJs: above 1, wasm is faster. */
  speedup: number | null;
}

const WORK = ['de', 'de+validate'] as const;

export function wasmVsJs(report: Report): WasmVsJsRow[] {
  const engines = new Set(report.results.map((r) => r.engine));
  if (!engines.has('js')) return [];
  const wasmEngine = engines.has('compiled') ? 'compiled' : 'interpreted';
  const median = (variant: string, engine: string, input: string) => {
    const row: ResultRow | undefined = report.results.find((r) => r.variant === variant && r.engine === engine && r.input === input && r.outcome !== 'error');
    return row ? row.median_ns : null;
  };
  const inputs = [...new Set(report.results.filter((r) => r.engine === 'js').map((r) => r.input))];
  const rows: WasmVsJsRow[] = [];
  for (const input of inputs) {
    const strIn = median('str-in', wasmEngine, input);
    const toJs = median('to-js', wasmEngine, input);
    for (const work of WORK) {
      const js = median(work, 'js', input);
      const wasm = median(work, wasmEngine, input);
      if (js === null && wasm === null) continue;
      const fromJs = wasm !== null && strIn !== null ? wasm + strIn : null;
      const roundTrip = fromJs !== null && toJs !== null ? fromJs + toJs : null;
      const against = fromJs ?? wasm;
      rows.push({
        input,
        work,
        js,
        zod: work === 'de+validate' ? median(work, 'peer:zod', input) : null,
        wasm,
        wasmEngine,
        strIn,
        toJs,
        fromJs,
        roundTrip,
        speedup: js !== null && against !== null && against > 0 ? js / against : null,
      });
    }
  }
  return rows;
}

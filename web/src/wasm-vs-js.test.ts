import { describe, expect, it } from 'vitest';
import { wasmVsJs } from './wasm-vs-js';
import { reportOf, resultRow } from './test-fixtures';

const row = (variant: string, engine: string, median_ns: number, input = 'valid') => resultRow({ variant, engine, input, median_ns });

describe('wasmVsJs', () => {
  it('puts JS, zod and wasm side by side with the boundary costs added', () => {
    const rows = wasmVsJs(
      reportOf([
        row('de', 'compiled', 130),
        row('de', 'interpreted', 190),
        row('de+validate', 'compiled', 200),
        row('str-in', 'compiled', 50),
        row('to-js', 'compiled', 900),
        row('de', 'js', 450),
        row('de+validate', 'js', 750),
        row('de+validate', 'peer:zod', 1500),
      ]),
    );
    expect(rows).toEqual([
      { input: 'valid', work: 'de', js: 450, zod: null, wasm: 130, wasmEngine: 'compiled', strIn: 50, toJs: 900, fromJs: 180, roundTrip: 1080, speedup: 2.5 },
      { input: 'valid', work: 'de+validate', js: 750, zod: 1500, wasm: 200, wasmEngine: 'compiled', strIn: 50, toJs: 900, fromJs: 250, roundTrip: 1150, speedup: 3 },
    ]);
  });

  it('is empty when the JS engines did not run, and compares in-wasm figures without str-in', () => {
    expect(wasmVsJs(reportOf([row('de', 'compiled', 130)]))).toEqual([]);
    const [de] = wasmVsJs(reportOf([row('de', 'interpreted', 200), row('de', 'js', 400)]));
    expect(de).toMatchObject({ wasmEngine: 'interpreted', fromJs: null, speedup: 2 });
  });
});

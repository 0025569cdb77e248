import { describe, expect, it } from 'vitest';
import { codeSizes, nativeInstructions, nativeLabel, nativeMedians, nativeProblem } from './native';
import { reportOf, resultRow } from './test-fixtures';

const row = (variant: string, engine: string, input: string, median_ns: number) => resultRow({ variant, engine, input, median_ns });
const report = (target: 'native' | 'wasm', results: ReturnType<typeof row>[], scenario = 'user-signup') =>
  reportOf(results, { scenario, env: { target, engine_version: '0' } });

describe('native numbers', () => {
  it('match rows by variant, engine, input and data', () => {
    const wasm = report('wasm', [row('de', 'compiled', 'valid', 200), row('de', 'interpreted', 'valid', 300), row('from-js', 'compiled', 'valid', 500)]);
    const native = report('native', [row('de', 'interpreted', 'valid', 150), row('de', 'compiled', 'valid', 100)]);
    expect(nativeMedians(wasm, { report: native, source: 'imported', inputs: null })).toEqual([100, 150, null]);
    expect(nativeMedians(wasm, null)).toEqual([null, null, null]);
  });

  it('carry the instructions the native Report counted, row by row, for the inputs they hold for', () => {
    const wasm = report('wasm', [row('de', 'compiled', 'valid', 200), row('de', 'interpreted', 'valid', 300), row('de', 'compiled', 'invalid', 250)]);
    const counted = report('native', [
      { ...row('de', 'compiled', 'valid', 100), instructions: 1759 },
      row('de', 'interpreted', 'valid', 150),
      { ...row('de', 'compiled', 'invalid', 120), instructions: 1755 },
    ]);
    expect(nativeInstructions(wasm, { report: counted, source: 'recorded', inputs: null })).toEqual([1759, null, 1755]);
    expect(nativeInstructions(wasm, { report: counted, source: 'recorded', inputs: new Set(['valid']) })).toEqual([1759, null, null]);
    expect(nativeInstructions(wasm, null)).toEqual([null, null, null]);
  });

  it('carry what each engine’s code adds to the module, on every row of that engine, while the definitions are the measured ones', () => {
    const wasm = report('wasm', [row('de', 'compiled', 'valid', 200), row('de', 'interpreted', 'valid', 300), row('de', 'js', 'valid', 90), row('de+validate', 'compiled', 'invalid', 250)]);
    const sized = {
      ...report('native', [row('de', 'compiled', 'valid', 100)]),
      code_size: [
        { engine: 'compiled', bytes: 131_548, module_bytes: 1_761_197 },
        { engine: 'interpreted', bytes: 3_181_220, module_bytes: 4_810_869 },
      ],
    };
    expect(codeSizes(wasm, { report: sized, source: 'recorded', inputs: null })).toEqual([131_548, 3_181_220, null, 131_548]);
    // Recorded figures of other definitions hold for no input: no size either.
    expect(codeSizes(wasm, { report: sized, source: 'recorded', inputs: new Set() })).toEqual([null, null, null, null]);
    expect(codeSizes(wasm, { report: report('native', []), source: 'imported', inputs: null })).toEqual([null, null, null, null]);
    expect(codeSizes(wasm, null)).toEqual([null, null, null, null]);
  });

  it('refuse a browser Report or another scenario’s', () => {
    expect(nativeProblem(report('wasm', []), 'user-signup')).toContain('measured in a browser');
    expect(nativeProblem(report('native', [], 'car'), 'user-signup')).toBe('That Report is of scenario “car”, not “user-signup”.');
    expect(nativeProblem(report('native', []), 'user-signup')).toBeNull();
  });
});

describe('recorded native numbers', () => {
  it('hold only for rows of the inputs they describe', () => {
    const wasm = report('wasm', [row('de', 'compiled', 'valid', 200), row('de', 'compiled', 'invalid', 300)]);
    const native = report('native', [row('de', 'compiled', 'valid', 100), row('de', 'compiled', 'invalid', 150)]);
    expect(nativeMedians(wasm, { report: native, source: 'recorded', inputs: new Set(['invalid']) })).toEqual([null, 150]);
  });

  it('are labelled with their machine and why a ratio is indicative', () => {
    const native = report('native', []);
    native.env = { ...native.env, cpu: 'AMD EPYC', os: 'Debian 12', rustc: 'rustc 1.95.0', date: '2026-11-23T18:23:50Z' };
    const label = nativeLabel({ report: native, source: 'recorded', inputs: null });
    expect(label).toContain('AMD EPYC · Debian 12 · rustc 1.95.0 on 2026-11-23');
    expect(label).toContain('indicative');
    expect(nativeLabel({ report: native, source: 'imported', inputs: null }, 'mine.json')).toContain('imported from “mine.json”');
  });
});

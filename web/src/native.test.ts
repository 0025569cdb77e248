import { describe, expect, it } from 'vitest';
import { nativeMedians, nativeProblem } from './native';
import { reportOf, resultRow } from './test-fixtures';

const row = (variant: string, engine: string, input: string, median_ns: number) => resultRow({ variant, engine, input, median_ns });
const report = (target: 'native' | 'wasm', results: ReturnType<typeof row>[], scenario = 'user-signup') =>
  reportOf(results, { scenario, env: { target, engine_version: '0' } });

describe('native numbers', () => {
  it('match rows by variant, engine, input and data', () => {
    const wasm = report('wasm', [row('de', 'compiled', 'valid', 200), row('de', 'interpreted', 'valid', 300), row('from-js', 'compiled', 'valid', 500)]);
    const native = report('native', [row('de', 'interpreted', 'valid', 150), row('de', 'compiled', 'valid', 100)]);
    expect(nativeMedians(wasm, native)).toEqual([100, 150, null]);
    expect(nativeMedians(wasm, null)).toEqual([null, null, null]);
  });

  it('refuse a browser Report or another scenario’s', () => {
    expect(nativeProblem(report('wasm', []), 'user-signup')).toContain('measured in a browser');
    expect(nativeProblem(report('native', [], 'car'), 'user-signup')).toBe('That Report is of scenario “car”, not “user-signup”.');
    expect(nativeProblem(report('native', []), 'user-signup')).toBeNull();
  });
});

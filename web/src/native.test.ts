import { describe, expect, it } from 'vitest';
import { nativeMedians, nativeProblem } from './native';
import type { Report, ResultRow } from './report';

const row = (variant: string, engine: string, input: string, median_ns: number): ResultRow => ({
  variant,
  engine,
  input,
  data: 'serial',
  outcome: 'ok',
  size: 1,
  runs_ns: [median_ns],
  median_ns,
  min_ns: median_ns,
  max_ns: median_ns,
  mean_ns: median_ns,
});
const report = (target: 'native' | 'wasm', results: ResultRow[], scenario = 'user-signup'): Report => ({
  scenario,
  env: { target, engine_version: '0' },
  settings: { iterations: 1, runs: 1, warmup: 0 },
  timer: { resolution_ns: 1, overhead_ns: 1 },
  results,
});

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

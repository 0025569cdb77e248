import { describe, expect, it } from 'vitest';
import { baselineRatios, formatOps, formatRatio } from './ratios';
import type { ResultRow } from './report';
import { reportOf as report, resultRow } from './test-fixtures';

const row = (variant: string, engine: string, input: string, median_ns: number, outcome: ResultRow['outcome'] = 'ok') =>
  resultRow({ variant, engine, input, median_ns, outcome });

describe('baselineRatios', () => {
  it('divides by the first variant on the same engine and input; peers use the compiled baseline', () => {
    const ratios = baselineRatios(
      report([
        row('de', 'compiled', 'valid', 100),
        row('de', 'interpreted', 'valid', 150),
        row('de', 'compiled', 'invalid', 80),
        row('de+validate', 'compiled', 'valid', 120),
        row('de+validate', 'interpreted', 'valid', 300),
        row('de+validate', 'peer:garde', 'valid', 250),
        row('de+validate', 'compiled', 'invalid', 200),
        row('de+validate', 'compiled', 'other', 200),
        row('de', 'js', 'valid', 400),
        row('de+validate', 'peer:zod', 'valid', 1000),
      ]),
    );
    expect(ratios).toEqual([null, null, null, 1.2, 2, 2.5, 2.5, null, null, 2.5]);
  });

  it('gives no ratio to an error, nor against a baseline that failed', () => {
    const ratios = baselineRatios(report([row('de', 'compiled', 'valid', 100, 'error'), row('ser', 'compiled', 'valid', 50, 'error'), row('ser', 'compiled', 'valid', 50)]));
    expect(ratios).toEqual([null, null, null]);
  });
});

describe('formats', () => {
  it('prints ratios and throughput', () => {
    expect(formatRatio(1.234)).toBe('1.23×');
    expect(formatRatio(null)).toBe('');
    expect(formatOps(127.5)).toBe('7.84 M/s');
    expect(formatOps(2050)).toBe('488 k/s');
    expect(formatOps(5e6)).toBe('200 /s');
    expect(formatOps(0)).toBe('—');
  });
});

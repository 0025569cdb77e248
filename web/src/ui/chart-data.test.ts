import { describe, expect, it } from 'vitest';
import type { ResultRow } from '../report';
import { reportOf, resultRow } from '../test-fixtures';
import { chartData } from './chart-data';

const row = (variant: string, engine: string, input: string, runs_ns: number[], outcome: ResultRow['outcome'] = 'ok') =>
  resultRow({ variant, engine, input, runs_ns, outcome });

describe('chartData', () => {
  it('gives a bar per row with its whisker, a dot per run, grouped by input; errors left out', () => {
    const report = reportOf([
      row('de', 'compiled', 'valid', [10, 11, 12]),
      row('de', 'interpreted', 'valid', [15, 16, 20]),
      row('de', 'compiled', 'broken', [1, 1, 1], 'error'),
      row('de', 'compiled', 'invalid', [9, 10, 11]),
    ]);
    const data = chartData(report);
    expect(data.inputs).toEqual(['valid', 'invalid']);
    expect(data.labels).toEqual(['de · compiled', 'de · interpreted']);
    expect(data.bars[1]).toEqual({ input: 'valid', label: 'de · interpreted', engine: 'interpreted', median: 16, min: 15, max: 20 });
    expect(data.dots).toHaveLength(9);
    expect(data.dots.filter((d) => d.input === 'invalid').map((d) => d.ns)).toEqual([9, 10, 11]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Report, ResultRow } from '../report';
import { chartData } from './chart-data';

const row = (variant: string, engine: string, input: string, runs: number[], outcome: ResultRow['outcome'] = 'ok'): ResultRow => ({
  variant,
  engine,
  input,
  data: 'serial',
  outcome,
  size: 1,
  runs_ns: runs,
  median_ns: runs[1] ?? 0,
  min_ns: Math.min(...runs),
  max_ns: Math.max(...runs),
  mean_ns: runs.reduce((a, b) => a + b, 0) / runs.length,
});

describe('chartData', () => {
  it('gives a bar per row with its whisker, a dot per run, grouped by input; errors left out', () => {
    const report: Report = {
      scenario: 's',
      env: { target: 'wasm', engine_version: '0' },
      settings: { iterations: 1, runs: 3, warmup: 0 },
      timer: { resolution_ns: 1, overhead_ns: 1 },
      results: [
        row('de', 'compiled', 'valid', [10, 11, 12]),
        row('de', 'interpreted', 'valid', [15, 16, 20]),
        row('de', 'compiled', 'broken', [1, 1, 1], 'error'),
        row('de', 'compiled', 'invalid', [9, 10, 11]),
      ],
    };
    const data = chartData(report);
    expect(data.inputs).toEqual(['valid', 'invalid']);
    expect(data.labels).toEqual(['de · compiled', 'de · interpreted']);
    expect(data.bars[1]).toEqual({ input: 'valid', label: 'de · interpreted', engine: 'interpreted', median: 16, min: 15, max: 20 });
    expect(data.dots).toHaveLength(9);
    expect(data.dots.filter((d) => d.input === 'invalid').map((d) => d.ns)).toEqual([9, 10, 11]);
  });
});

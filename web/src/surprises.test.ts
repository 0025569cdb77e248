import { describe, expect, it } from 'vitest';
import type { Report, ResultRow } from './report';
import { surprises } from './surprises';

const row = (variant: string, input: string, outcome: ResultRow['outcome'], extra: Partial<ResultRow> = {}): ResultRow => ({
  variant,
  engine: 'compiled',
  input,
  data: 'serial',
  outcome,
  size: 1,
  runs_ns: [1],
  median_ns: 1,
  min_ns: 1,
  max_ns: 1,
  mean_ns: 1,
  ...extra,
});

const report = (results: ResultRow[]): Report => ({
  scenario: 's',
  env: { target: 'wasm', engine_version: '0' },
  settings: { iterations: 1, runs: 1, warmup: 0 },
  timer: { resolution_ns: 1, overhead_ns: 1 },
  results,
});

describe('surprises', () => {
  it('names a valid input that fails and an invalid one that passes, once each', () => {
    const found = surprises(
      report([
        row('de', 'valid', 'ok'),
        row('de+validate', 'valid', 'invalid', { violations: [{ path: 'age', code: 'range', message: 'must be at least 18' }] }),
        row('validate-on-de', 'valid', 'invalid'),
        row('de+validate', 'invalid', 'ok'),
      ]),
    );
    expect(found).toEqual(['Input “valid” does not pass (de+validate: age: must be at least 18).', 'Input “invalid” passes every rule (de+validate).']);
  });

  it('says nothing when the inputs behave as named', () => {
    expect(surprises(report([row('de+validate', 'valid', 'ok'), row('de+validate', 'invalid', 'invalid'), row('de', 'invalid', 'ok')]))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ResultRow } from './report';
import { surprises } from './surprises';
import { reportOf, resultRow } from './test-fixtures';

const row = (variant: string, input: string, outcome: ResultRow['outcome'], extra: Partial<ResultRow> = {}) =>
  resultRow({ variant, engine: 'compiled', input, outcome, ...extra });

describe('surprises', () => {
  it('names a valid input that fails and an invalid one that passes, once each', () => {
    const found = surprises(
      reportOf([
        row('de', 'valid', 'ok'),
        row('de+validate', 'valid', 'invalid', { violations: [{ path: 'age', code: 'range', message: 'must be at least 18' }] }),
        row('validate-on-de', 'valid', 'invalid'),
        row('de+validate', 'invalid', 'ok'),
      ]).results,
    );
    expect(found).toEqual(['Input “valid” does not pass (de+validate: age: must be at least 18).', 'Input “invalid” passes every rule (de+validate).']);
  });

  it('says nothing when the inputs behave as named', () => {
    expect(surprises([row('de+validate', 'valid', 'ok'), row('de+validate', 'invalid', 'invalid'), row('de', 'invalid', 'ok')])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { compareRows, documentChanges, type RunRecord } from './comparison';
import type { ScenarioDocument } from './report';
import { reportOf, resultRow } from './test-fixtures';

const doc: ScenarioDocument = {
  version: 1,
  title: 'User signup',
  name: 'user-signup',
  summary: '',
  schema: 'struct A {\n    #[validate(email)]\n    email: String,\n}',
  inputs: { valid: '{"email":"a@b.c"}', invalid: '{"email":"x"}' },
  settings: { iterations: 10, runs: 3, warmup: 1 },
  variants: ['de'],
};

function run(id: number, runs: number[][], d: ScenarioDocument = doc, settings = doc.settings): RunRecord {
  const results = runs.map((runs_ns, i) => resultRow({ variant: i === 2 ? 'de+validate' : 'de', engine: 'compiled', input: i === 1 ? 'invalid' : 'valid', runs_ns }));
  return { id, at: '2026-11-24T12:03:15Z', doc: d, report: reportOf(results, { settings }) };
}

describe('compareRows', () => {
  it('gives each row both medians, the change, its interval from the paired runs, and a verdict', () => {
    const before = run(1, [[100, 101, 102], [200, 210, 220]]);
    const after = run(2, [[90, 91, 92], [205, 206, 230], [300, 301, 302]]);
    const rows = compareRows(before.report, after.report);
    expect(rows.map((r) => [r.variant, r.input, r.verdict, r.change?.toFixed(3)])).toEqual([
      ['de', 'valid', 'faster', '-0.099'],
      ['de', 'invalid', 'no detectable change', '-0.019'],
      ['de+validate', 'valid', 'only after', undefined],
    ]);
    // 0.9 of every run: an interval of one point.
    expect(rows[0]?.interval?.low).toBeCloseTo(rows[0]?.interval?.high ?? 0, 2);
    expect(rows[2]?.interval).toBeNull();
  });

  it('keeps rows only the earlier run had, and cannot judge single runs', () => {
    const rows = compareRows(run(1, [[100], [200], [50]]).report, run(2, [[300]]).report);
    expect(rows.map((r) => r.verdict)).toEqual(['too few runs', 'only before', 'only before']);
  });
});

describe('documentChanges', () => {
  it('names the edits between two runs', () => {
    const edited: ScenarioDocument = {
      ...doc,
      schema: 'struct A {\n    #[validate(email, length(max = 9))]\n    email: String,\n}',
      inputs: { valid: '{"email":"b@b.c"}', other: '{}' },
      data: 'random',
    };
    const changes = documentChanges(run(1, [[1]]), run(2, [[1]], edited, { iterations: 20, runs: 3, warmup: 1 }));
    expect(changes).toEqual([
      'definitions edited (1 line added, 1 removed)',
      'input “valid” edited',
      'input “invalid” removed',
      'input “other” added',
      'data serial → random',
      'settings 3 × 10 (warm-up 1) → 3 × 20 (warm-up 1)',
    ]);
    expect(documentChanges(run(1, [[1]]), run(2, [[2]]))).toEqual([]);
  });
});

// The local runner's gate: what document it agrees to hand the CLI.
import { describe, expect, it } from 'vitest';
import { documentProblem } from '../native-server';

const doc = (settings: object, extra: object = {}) => ({ version: 1, schema: 'pub struct A { pub n: u8 }', inputs: { valid: '{"n":1}' }, variants: ['de'], settings, ...extra });

describe('Run natively: the documents the server runs', () => {
  it('takes a scenario document with settings within the limits', () => {
    expect(documentProblem(doc({ iterations: 1000, runs: 5, warmup: 100 }))).toBeNull();
  });

  it('refuses anything else with a reason', () => {
    expect(documentProblem([])).toContain('not a scenario document');
    expect(documentProblem({ ...doc({ iterations: 1, runs: 1, warmup: 0 }), version: 2 })).toContain('version');
    expect(documentProblem(doc({ iterations: 1.5, runs: 1, warmup: 0 }))).toContain('settings.iterations');
    expect(documentProblem(doc({ iterations: 1, runs: 0, warmup: 0 }))).toContain('settings.runs');
    expect(documentProblem(doc({ iterations: 1, runs: 1, warmup: 0 }, { results: {} }))).toContain('without results');
  });

  it('refuses settings that would run for hours', () => {
    expect(documentProblem(doc({ iterations: 100_000_000, runs: 1_000, warmup: 0 }))).toContain('hours');
  });
});

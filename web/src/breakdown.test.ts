import { describe, expect, it } from 'vitest';
import { breakdownOf, partsSentence } from './breakdown';
import type { RuleCost } from './report';
import { reportOf, resultRow } from './test-fixtures';

function cost(path: string, rule: string, median_ns: number, extra: Partial<RuleCost> = {}): RuleCost {
  return { input: 'valid', path, rule, values: 1, failed: false, runs_ns: [median_ns], median_ns, min_ns: median_ns, max_ns: median_ns, ...extra };
}

const results = [
  resultRow({ variant: 'de', engine: 'interpreted', input: 'valid', median_ns: 190 }),
  resultRow({ variant: 'de', engine: 'compiled', input: 'valid', median_ns: 100 }),
  resultRow({ variant: 'validate-on-de', engine: 'interpreted', input: 'valid', median_ns: 250 }),
];

describe('breakdownOf', () => {
  it('splits the whole into decoding, each rule and the integration, which add up to it', () => {
    const report = reportOf(results, {
      breakdown: [cost('email', 'email', 8), cost('email', 'length', 1, { detail: 'max 255' }), cost('age', 'range', 2, { detail: '18–120' })],
    });
    const [b] = breakdownOf(report);
    expect(b?.input).toBe('valid');
    expect(b?.decodingNs).toBe(190);
    expect(b?.rulesNs).toBe(11);
    expect(b?.integrationNs).toBe(49);
    expect(b?.segments.map((s) => s.label)).toEqual(['decoding', 'email · email', 'email · length (max 255)', 'age · range (18–120)', 'integration']);
    expect(b?.segments.reduce((sum, s) => sum + s.ns, 0)).toBe(250);
    expect(b?.costliest).toBe('`email` on `email` is 73% of validation (8.00 ns of 11.0 ns).');
    expect(partsSentence(b!)).toBe('Decoding 190 ns + rules 11.0 ns + integration 49.0 ns = validate-on-de 250 ns (interpreted engine).');
  });

  it('says when a failing rule is the costliest, and when the parts exceed the whole', () => {
    const report = reportOf(results, { breakdown: [cost('age', 'range', 80, { failed: true })] });
    const [b] = breakdownOf(report);
    expect(b?.costliest).toContain('It fails on this input');
    expect(b?.integrationNs).toBe(-20);
    expect(b?.segments.at(-1)).toEqual({ kind: 'integration', label: 'integration', ns: 0 });
    expect(partsSentence(b!)).toContain('exceed the whole by 20.0 ns');
  });

  it('shows the rules alone when the interpreted whole was not run', () => {
    const report = reportOf([results[1]!], { breakdown: [cost('email', 'email', 8)] });
    const [b] = breakdownOf(report);
    expect(b?.decodingNs).toBeNull();
    expect(b?.segments.map((s) => s.kind)).toEqual(['rule']);
    expect(partsSentence(b!)).toMatch(/^The rules take 8.00 ns together/);
  });

  it('is empty without rule costs', () => {
    expect(breakdownOf(reportOf(results))).toEqual([]);
  });
});

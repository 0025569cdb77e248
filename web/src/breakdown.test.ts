import { describe, expect, it } from 'vitest';
import { breakdownOf } from './breakdown';
import { interpretedSentence, methodSentence, partsSentence } from './breakdown-words';
import type { RuleCost } from './report';
import { reportOf, resultRow } from './test-fixtures';

function cost(path: string, rule: string, median_ns: number, extra: Partial<RuleCost> = {}): RuleCost {
  return { input: 'valid', path, rule, values: 1, failed: false, runs_ns: [median_ns], median_ns, min_ns: median_ns, max_ns: median_ns, ...extra };
}

const rules = [cost('email', 'email', 8), cost('email', 'length', 1, { detail: 'max 255' }), cost('age', 'range', 2, { detail: '18–120' })];

// The interpreter's totals; compiled code ran `de` but no validated decode.
const interpreted = [
  resultRow({ variant: 'de', engine: 'interpreted', input: 'valid', median_ns: 190 }),
  resultRow({ variant: 'de', engine: 'compiled', input: 'valid', median_ns: 100 }),
  resultRow({ variant: 'validate-on-de', engine: 'interpreted', input: 'valid', median_ns: 250 }),
];

/** Both engines' totals: compiled validation `validation` ns over its 100 ns decoding. */
function bothEngines(validation: number, wholeVariant = 'validate-on-de') {
  return [...interpreted, resultRow({ variant: wholeVariant, engine: 'compiled', input: 'valid', median_ns: 100 + validation })];
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe('breakdownOf with the interpreted engine’s totals', () => {
  it('splits the whole into decoding, each rule and the integration, which add up to it', () => {
    const [b] = breakdownOf(reportOf(interpreted, { breakdown: rules }));
    expect(b?.input).toBe('valid');
    expect(b?.totals?.engine).toBe('interpreted');
    expect(b?.totals?.decodingNs).toBe(190);
    expect(b?.rulesNs).toBe(11);
    expect(b?.integrationNs).toBe(49);
    expect(b?.segments.map((s) => s.label)).toEqual(['decoding', 'email · email', 'email · length (max 255)', 'age · range (18–120)', 'integration']);
    expect(sum(b!.segments.map((s) => s.ns))).toBe(250);
    expect(b?.costliest).toBe('`email` on `email` is 73% of the rules’ time (8.00 ns of 11.0 ns, each timed alone by the interpreted engine).');
    expect(partsSentence(b!)).toBe('Decoding 190 ns + rules 11.0 ns + integration 49.0 ns = validate-on-de 250 ns (interpreted engine).');
    expect(interpretedSentence(b!)).toBeNull();
    expect(methodSentence([b!])).toBe(
      'Each rule is timed alone by the interpreted engine on the values the input holds (with its violations built when it fails); decoding is the interpreted engine’s de; integration is what is left of its validate-on-de.',
    );
  });

  it('says when a failing rule is the costliest, and when the parts exceed the whole', () => {
    const [b] = breakdownOf(reportOf(interpreted, { breakdown: [cost('age', 'range', 80, { failed: true })] }));
    expect(b?.costliest).toContain('It fails on this input');
    expect(b?.integrationNs).toBe(-20);
    expect(b?.segments.at(-1)).toMatchObject({ kind: 'integration', label: 'integration', ns: 0 });
    expect(partsSentence(b!)).toContain('exceed the whole by 20.0 ns');
  });

  it('shows the rules alone when no engine ran de and a validated decode', () => {
    const [b] = breakdownOf(reportOf([interpreted[1]!], { breakdown: [cost('email', 'email', 8)] }));
    expect(b?.totals).toBeNull();
    expect(b?.segments.map((s) => s.kind)).toEqual(['rule']);
    expect(partsSentence(b!)).toBe('The rules take 8.00 ns together, each timed alone by the interpreted engine. Run de and validate-on-de to see them beside decoding and the whole.');
    expect(methodSentence([b!])).toBe('Each rule is timed alone by the interpreted engine on the values the input holds (with its violations built when it fails).');
  });

  it('is empty without rule costs', () => {
    expect(breakdownOf(reportOf(interpreted))).toEqual([]);
  });
});

describe('breakdownOf with compiled totals', () => {
  it('draws compiled decoding and validation, split among the rules by their shares, with no integration', () => {
    const [b] = breakdownOf(reportOf(bothEngines(22), { breakdown: rules }));
    expect(b?.totals).toMatchObject({ engine: 'compiled', decodingNs: 100, validationNs: 22 });
    expect(b?.segments.map((s) => [s.kind, s.label, s.ns])).toEqual([
      ['decoding', 'decoding', 100],
      ['rule', 'email · email', 16],
      ['rule', 'email · length (max 255)', 2],
      ['rule', 'age · range (18–120)', 4],
    ]);
    expect(sum(b!.segments.map((s) => s.ns))).toBe(122);
    expect(b?.segments[0]?.title).toBe('decoding: 100 ns (compiled de)');
    expect(b?.segments[1]?.title).toBe('email · email: ≈16.0 ns, its 73% share of compiled validation (8.00 ns alone, timed by the interpreted engine)');
    expect(partsSentence(b!)).toBe(
      'Compiled code: decoding 100 ns + validation 22.0 ns = validate-on-de 122 ns. ' +
        'The rules, each timed alone by the interpreted engine, take 11.0 ns together; the bar splits compiled validation by their shares, since compiled code inlines the checks into the decode and times taken apart need not add up to its whole.',
    );
    // The interpreted engine's own parts are beside it, with its integration.
    expect(b?.integrationNs).toBe(49);
    expect(interpretedSentence(b!)).toBe('The interpreted engine, for comparison: decoding 190 ns + rules 11.0 ns + integration 49.0 ns = validate-on-de 250 ns.');
    expect(methodSentence([b!])).toMatch(/^The bar is compiled code’s: its de, then what its validate-on-de adds, split among the rules by their shares\. Each rule is timed alone by the interpreted engine/);
  });

  it('never subtracts the interpreted engine’s rule times from compiled validation, even when they exceed it', () => {
    const [b] = breakdownOf(reportOf(bothEngines(5.5), { breakdown: rules }));
    expect(b?.rulesNs).toBeGreaterThan(b!.totals!.validationNs);
    expect(b?.segments.every((s) => s.ns >= 0 && s.kind !== 'integration')).toBe(true);
    expect(sum(b!.segments.map((s) => s.ns))).toBeCloseTo(105.5, 9);
    expect(b?.segments[1]?.ns).toBeCloseTo(4, 9);
  });

  it('says a tiny share is under 1% rather than 0%', () => {
    const [b] = breakdownOf(reportOf(bothEngines(20), { breakdown: [cost('email', 'email', 999), cost('age', 'range', 1)] }));
    expect(b?.segments[2]?.title).toBe('age · range: ≈0.02 ns, its under 1% share of compiled validation (1.00 ns alone, timed by the interpreted engine)');
  });

  it('says when compiled validation took no time the runs can tell apart', () => {
    const [b] = breakdownOf(reportOf(bothEngines(-2), { breakdown: rules }));
    expect(b?.segments.map((s) => s.ns)).toEqual([100, 0, 0, 0]);
    expect(partsSentence(b!)).toBe(
      'Compiled code: decoding 100 ns, validate-on-de 98.0 ns: validation adds no time these runs can tell apart (the whole is 2.00 ns under decoding). The rules, each timed alone by the interpreted engine, take 11.0 ns together.',
    );
  });

  it('takes de+validate as the whole when validate-on-de did not run, and one validation part when no rule took time', () => {
    const [b] = breakdownOf(reportOf(bothEngines(10, 'de+validate'), { breakdown: [cost('email', 'email', 0)] }));
    expect(b?.totals?.whole.variant).toBe('de+validate');
    expect(b?.segments.map((s) => [s.kind, s.ns])).toEqual([
      ['decoding', 100],
      ['validation', 10],
    ]);
    expect(partsSentence(b!)).toMatch(/^Compiled code: decoding 100 ns \+ validation 10\.0 ns = de\+validate 110 ns\. /);
  });

  it('takes no totals from a row that ended in an error', () => {
    const results = [...interpreted, resultRow({ variant: 'validate-on-de', engine: 'compiled', input: 'valid', median_ns: 120, outcome: 'error' })];
    const [b] = breakdownOf(reportOf(results, { breakdown: rules }));
    expect(b?.totals?.engine).toBe('interpreted');
  });
});

import { describe, expect, it } from 'vitest';
import { readingOf, signedPercent } from './reading';
import type { ResultRow } from './report';
import { reportOf, resultRow } from './test-fixtures';

const row = (variant: string, engine: string, input: string, median_ns: number, outcome: ResultRow['outcome'] = 'ok', violations = 0) =>
  resultRow({
    variant,
    engine,
    input,
    median_ns,
    outcome,
    violations: Array.from({ length: violations }, (_, i) => ({ path: `f${i}`, code: 'length', message: 'm' })),
  });

describe('readingOf', () => {
  it('reads what validation adds, integrated against two-step on both paths, and fail-fast', () => {
    const report = reportOf([
      row('de', 'compiled', 'valid', 138),
      row('de', 'compiled', 'invalid', 130),
      row('de+validate', 'compiled', 'valid', 222),
      row('de+validate', 'compiled', 'invalid', 400, 'invalid', 4),
      row('validate-on-de', 'compiled', 'valid', 222.9),
      row('validate-on-de', 'compiled', 'invalid', 388, 'invalid', 4),
      row('validate-on-de/fail-fast', 'compiled', 'invalid', 194, 'invalid', 1),
      row('de', 'interpreted', 'valid', 300),
    ]);
    expect(readingOf(report)).toEqual([
      'With compiled code, validation adds 84.0 ns (+61%) to decoding input “valid”; integrated validation (validate-on-de) costs 0.4% more than two-step on the valid path and 3% less on the error path (“invalid”).',
      'Stopping at the first violation (fail-fast) takes 194 ns on “invalid”, 50% less than collecting every violation.',
      'The error path (“invalid”, 4 violations) costs 1.8× the valid one: each violation builds its path and message.',
    ]);
  });

  it('compares wasm with plain JavaScript and zod, counting the string boundary and to-js', () => {
    const report = reportOf([
      row('de', 'compiled', 'valid', 130),
      row('de+validate', 'compiled', 'valid', 200),
      row('str-in', 'compiled', 'valid', 50),
      row('to-js', 'compiled', 'valid', 900),
      row('de', 'js', 'valid', 450),
      row('de+validate', 'js', 'valid', 750),
      row('de+validate', 'peer:zod', 'valid', 1500),
    ]);
    const reading = readingOf(report);
    expect(reading.at(-1)).toBe(
      'Decoding and validating “valid” in wasm takes 250 ns, counting 50.0 ns to pass the string into wasm: 3.0× faster than JSON.parse with the same rules in plain JavaScript (750 ns), and 6.0× faster than zod 4 (1.50 µs). Handing the decoded value back to JavaScript (to-js) costs 900 ns more.',
    );
  });

  it('names the engine in its first sentence, whichever that is, and reads compiled rows over interpreted ones', () => {
    const report = reportOf([
      row('validate-on-de', 'compiled', 'invalid', 400, 'invalid', 4),
      row('validate-on-de/fail-fast', 'compiled', 'invalid', 200, 'invalid', 1),
      row('validate-on-de', 'interpreted', 'invalid', 900, 'invalid', 4),
      row('validate-on-de/fail-fast', 'interpreted', 'invalid', 300, 'invalid', 1),
    ]);
    expect(readingOf(report)).toEqual(['With compiled code, stopping at the first violation (fail-fast) takes 200 ns on “invalid”, 50% less than collecting every violation.']);
  });

  it('falls back to the interpreted engine, and says nothing without rows to compare', () => {
    const report = reportOf([row('de', 'interpreted', 'valid', 100), row('de+validate', 'interpreted', 'valid', 150)]);
    expect(readingOf(report)[0]).toMatch(/^With the interpreted engine, validation adds 50.0 ns \(\+50%\)/);
    expect(readingOf(reportOf([row('ser', 'compiled', 'valid', 100)]))).toEqual([]);
  });

  it('does not call a validated decode measured under plain decoding a negative cost', () => {
    const report = reportOf([row('de', 'compiled', 'valid', 253), row('validate-on-de', 'compiled', 'valid', 215.5)]);
    expect(readingOf(report)).toEqual(['With compiled code, validation adds no time these runs can tell apart to decoding input “valid” (validate-on-de measured 37.5 ns under de).']);
  });

  it('formats signed percentages', () => {
    expect(signedPercent(0.61)).toBe('+61%');
    expect(signedPercent(-0.004)).toBe('−0.4%');
    expect(signedPercent(0.00001)).toBe('0%');
  });
});

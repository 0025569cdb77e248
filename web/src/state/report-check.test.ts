import { describe, expect, it } from 'vitest';
import { checkReport } from './report-check';
import { reportOf, resultRow } from '../test-fixtures';

describe('checkReport', () => {
  it('keeps the cold time, the known quality flags and the loop cost, and drops what it does not know', () => {
    const row = { ...resultRow({ variant: 'de', engine: 'compiled', input: 'valid' }), cold_ns: 140, flags: ['noisy', '<img>', 'few-runs'] };
    const report = { ...reportOf([row as never]), timer: { resolution_ns: 5000, overhead_ns: 30, loop_ns: 0.4 } };
    const checked = checkReport(JSON.parse(JSON.stringify(report)));
    expect(checked?.results[0]?.cold_ns).toBe(140);
    expect(checked?.results[0]?.flags).toEqual(['noisy', 'few-runs']);
    expect(checked?.timer.loop_ns).toBe(0.4);
  });

  it('keeps a count of instructions, and drops one that is not a count', () => {
    const base = resultRow({ variant: 'de', engine: 'compiled', input: 'valid' });
    const checked = checkReport(JSON.parse(JSON.stringify(reportOf([{ ...base, instructions: 1759 }, { ...base, instructions: 'many' } as never]))));
    expect(checked?.results[0]?.instructions).toBe(1759);
    expect(checked?.results[1]?.instructions).toBeUndefined();
  });

  it('keeps the code sizes, and drops one that is not a size', () => {
    const sized = {
      ...reportOf([resultRow({ variant: 'de', engine: 'compiled', input: 'valid' })]),
      code_size: [{ engine: 'compiled', bytes: 131_548, module_bytes: 1_761_197 }, { engine: 'interpreted', bytes: -1, module_bytes: 0 }, 'big'],
    };
    const checked = checkReport(JSON.parse(JSON.stringify(sized)));
    expect(checked?.code_size).toEqual([{ engine: 'compiled', bytes: 131_548, module_bytes: 1_761_197 }]);
  });

  it('reads a Report from before cold times and flags', () => {
    const checked = checkReport(JSON.parse(JSON.stringify(reportOf([resultRow({ variant: 'de', engine: 'compiled', input: 'valid' })]))));
    expect(checked?.results[0]?.flags).toBeUndefined();
    expect(checked?.timer.loop_ns).toBeUndefined();
  });

  it('keeps a breakdown\'s well-formed rule costs and leaves out the rest', () => {
    const cost = { input: 'valid', path: 'email', rule: 'length', detail: 'max 255', values: 1, failed: false, runs_ns: [1, 2], median_ns: 1.5, min_ns: 1, max_ns: 2, flags: ['noisy', 'x'] };
    const report = { ...reportOf([resultRow({ variant: 'de', engine: 'compiled', input: 'valid' })]), breakdown: [cost, { ...cost, failed: 'yes' }, { ...cost, path: 7 }] };
    const checked = checkReport(JSON.parse(JSON.stringify(report)));
    expect(checked?.breakdown).toEqual([{ ...cost, flags: ['noisy'] }]);
  });
});

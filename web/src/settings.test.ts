import { describe, expect, it } from 'vitest';
import { parseSettings } from './settings';

describe('parseSettings', () => {
  it('accepts the seed methodology', () => {
    expect(parseSettings({ warmup: '50000', runs: '5', iterations: '500000' })).toEqual({
      ok: true,
      settings: { warmup: 50000, runs: 5, iterations: 500000 },
    });
  });

  it('accepts zero warm-up but not zero runs', () => {
    expect(parseSettings({ warmup: '0', runs: '1', iterations: '1' }).ok).toBe(true);
    const zeroRuns = parseSettings({ warmup: '0', runs: '0', iterations: '1' });
    expect(zeroRuns).toEqual({ ok: false, error: 'Runs must be a whole number from 1 to 1,000, not “0”.' });
  });

  it('rejects absurd, fractional and empty values with the field named', () => {
    const huge = parseSettings({ warmup: '0', runs: '5', iterations: '1e12' });
    expect(huge.ok === false && huge.error).toContain('Iterations / run must be a whole number from 1 to 100,000,000');
    const fraction = parseSettings({ warmup: '1.5', runs: '5', iterations: '10' });
    expect(fraction.ok === false && fraction.error).toContain('Warm-up');
    const empty = parseSettings({ warmup: '1', runs: '', iterations: '10' });
    expect(empty).toEqual({ ok: false, error: 'Runs must be a whole number from 1 to 1,000.' });
  });
});

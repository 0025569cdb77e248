import { describe, expect, it } from 'vitest';
import { changeBetween, changeVerdict, describeChange, t975 } from './change';

// The same figures as crate/bench/src/change.rs's tests: both sides say the same.
describe('changeBetween', () => {
  it('is t on the log-ratios', () => {
    const before = [100, 100, 100];
    const after = [0.1, 0.2, 0.3].map((x) => 100 * Math.exp(x));
    const c = changeBetween(before, after);
    const half = (4.303 * 0.1) / Math.sqrt(3);
    expect(c?.estimate).toBeCloseTo(Math.exp(0.2) - 1, 12);
    expect(c?.low).toBeCloseTo(Math.exp(0.2 - half) - 1, 12);
    expect(c?.high).toBeCloseTo(Math.exp(0.2 + half) - 1, 12);
    expect(c?.pairs).toBe(3);
    expect(c && changeVerdict(c)).toBe('no detectable change');
  });

  it('finds a steady change and says it with its interval', () => {
    const before = [100, 102, 99, 101, 100];
    const faster = changeBetween(
      before,
      before.map((b) => b * 0.9),
    );
    expect(faster && describeChange(faster)).toBe('faster by 10.0% (CI 10.0–10.0%)');
    const slower = changeBetween(before, [105, 107.5, 103, 106, 105.5]);
    expect(slower && describeChange(slower)).toBe('slower by 5.0% (CI 4.3–5.7%)');
  });

  it('calls a sure but tiny change no change', () => {
    const c = changeBetween([100, 100, 100, 100], [100.5, 100.4, 100.6, 100.5]);
    expect(c && c.low > 0).toBe(true);
    expect(c && describeChange(c)).toBe('no detectable change (+0.5%, CI +0.4%–+0.6%)');
  });

  it('gives no interval for fewer than two pairs', () => {
    expect(changeBetween([100], [90])).toBeNull();
    expect(changeBetween([100, 0], [90, 80])).toBeNull();
    expect(changeBetween([], [])).toBeNull();
  });

  it('uses t quantiles that fall toward the normal', () => {
    expect(t975(4)).toBe(2.776);
    expect(t975(30)).toBe(2.042);
    expect(t975(45)).toBeLessThan(2.042);
    expect(t975(1000)).toBe(1.96);
    expect(t975(0)).toBe(Number.POSITIVE_INFINITY);
  });
});

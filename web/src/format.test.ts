import { describe, expect, it } from 'vitest';
import { formatNs, formatRange } from './format';
import { inputOrder } from './report';

describe('formatNs', () => {
  it('picks the unit that suits the figure, as the CLI does', () => {
    expect(formatNs(126.4)).toBe('126 ns');
    expect(formatNs(22.25)).toBe('22.3 ns');
    expect(formatNs(1370)).toBe('1.37 µs');
    expect(formatNs(279_890)).toBe('280 µs');
    expect(formatNs(2.5e6)).toBe('2.50 ms');
  });

  it('shows a dash for figures that are not numbers', () => {
    expect(formatNs(Number.NaN)).toBe('—');
    expect(formatRange(1, Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatRange', () => {
  it('uses the unit of the maximum for both ends', () => {
    expect(formatRange(125, 137)).toBe('125–137 ns');
    expect(formatRange(990, 1370)).toBe('0.99–1.37 µs');
  });
});

describe('inputOrder', () => {
  it('puts valid and invalid first, then the rest by name', () => {
    expect(inputOrder(['zeta', 'invalid', 'alpha', 'valid'])).toEqual(['valid', 'invalid', 'alpha', 'zeta']);
  });
});

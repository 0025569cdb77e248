import { describe, expect, it } from 'vitest';
import { browserName, formatBytes, formatCount, formatNs, formatRange, timeLeft } from './format';
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

describe('browserName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', 'headless Chrome 156'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge 131'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari 18'],
    ['curl/8.0', 'curl/8.0'],
  ])('names %s', (ua, name) => {
    expect(browserName(ua)).toBe(name);
  });
});

describe('timeLeft', () => {
  it('extrapolates from the steps done', () => {
    expect(timeLeft(2_000, 4, 20)).toBe('about 10 s left');
    expect(timeLeft(100, 4, 2)).toBe('under a second left');
    expect(timeLeft(60_000, 1, 5)).toBe('about 5 min left');
    expect(timeLeft(0, 0, 5)).toBe('');
  });
});

describe('formatBytes', () => {
  it('prints binary units as the CLI does', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(6_772)).toBe('6.61 KiB');
    expect(formatBytes(131_548)).toBe('128 KiB');
    expect(formatBytes(3_181_220)).toBe('3.03 MiB');
  });
});

describe('formatCount', () => {
  it('groups thousands as the CLI does, whole instructions only', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1759.4)).toBe('1,759');
    expect(formatCount(6_162_970)).toBe('6,162,970');
    expect(formatCount(Number.NaN)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import { isDark, themeParam } from './theme';

describe('the theme', () => {
  it('is what the address asks for, else the OS’s', () => {
    expect(themeParam(new URLSearchParams('?embed&theme=dark'))).toBe('dark');
    expect(themeParam(new URLSearchParams('?theme=light'))).toBe('light');
    expect(themeParam(new URLSearchParams('?theme=purple'))).toBeNull();
    expect(themeParam(new URLSearchParams('?embed'))).toBeNull();
    expect(isDark('light', true)).toBe(false);
    expect(isDark('dark', false)).toBe(true);
    expect(isDark(null, true)).toBe(true);
    expect(isDark(null, false)).toBe(false);
  });
});

/**
 * Light or dark. The page follows the OS unless its address says
 * (`?theme=light|dark`: a docs site embedding Overhead in its own theme); the
 * stylesheet's colours are `light-dark()` pairs chosen by `data-theme`.
 */
export type Theme = 'light' | 'dark';

/** The theme an address asks for, or null to follow the OS. */
export function themeParam(params: URLSearchParams): Theme | null {
  const asked = params.get('theme');
  return asked === 'light' || asked === 'dark' ? asked : null;
}

/** Puts the asked theme on the page's root (none: the OS's). */
export function applyTheme(root: HTMLElement, theme: Theme | null): void {
  if (theme) root.dataset['theme'] = theme;
  else delete root.dataset['theme'];
}

/** Whether the page is dark: the asked theme, else the OS's preference. */
export function isDark(theme: Theme | null, osPrefersDark: boolean): boolean {
  return theme === null ? osPrefersDark : theme === 'dark';
}

// Keeps every Overhead embed on the page in the book's light or dark theme.
// An embed without `theme=` follows the OS, as mdBook's default theme does, so
// nothing changes until the reader picks a theme of the other kind; then each
// embed is reloaded with `theme=light|dark`.
(() => {
  const DARK = ['coal', 'navy', 'ayu'];
  const bookTheme = () => (DARK.some((name) => document.documentElement.classList.contains(name)) ? 'dark' : 'light');
  const osTheme = () => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

  function follow() {
    const want = bookTheme();
    for (const frame of document.querySelectorAll('iframe')) {
      const url = new URL(frame.src, location.href);
      const embed = url.pathname.endsWith('/embed.html') || url.searchParams.has('embed');
      if (!embed) continue;
      const shown = url.searchParams.get('theme') ?? osTheme();
      if (shown === want) continue;
      url.searchParams.set('theme', want);
      frame.src = url.href;
    }
  }

  follow();
  new MutationObserver(follow).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
})();

/**
 * The embed's side of living in an iframe: it posts its content height to the
 * page around it whenever that changes (`{ type: 'overhead:height', height }`,
 * CSS pixels), which `embed.js` (or the author's own listener) uses to size
 * the iframe, so results never scroll inside a fixed box. And "Open in
 * Overhead" opens the full page on the same state.
 */
export const HEIGHT_MESSAGE = 'overhead:height';

export interface HeightMessage {
  type: typeof HEIGHT_MESSAGE;
  height: number;
}

/** The page's content height: the body's bottom edge and its margin. */
export function contentHeight(body: HTMLElement): number {
  const margin = Number.parseFloat(getComputedStyle(body).marginBottom) || 0;
  return Math.ceil(body.getBoundingClientRect().bottom + window.scrollY + margin);
}

/** Posts the content height to `parent` now and on every change; returns the stop. */
export function postHeights(parent: Window, body: HTMLElement): () => void {
  let last = -1;
  const post = () => {
    const height = contentHeight(body);
    if (height === last) return;
    last = height;
    const message: HeightMessage = { type: HEIGHT_MESSAGE, height };
    // Only a height, nothing the visitor typed: any embedding page may read it.
    parent.postMessage(message, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(body);
  post();
  return () => observer.disconnect();
}

/** The full page's address for an embed's: the same scenario and theme, without `embed`. */
export function fullPageUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.pathname = url.pathname.replace(/embed\.html$/, '');
  url.searchParams.delete('embed');
  // `?embed` has no value: URLSearchParams would leave `?` behind.
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  return url.toString();
}

/** The light embed's address for a full-page address that asks for the embed (`?embed`), or null. */
export function embedUrl(pageUrl: string): string | null {
  const url = new URL(pageUrl);
  if (!url.searchParams.has('embed')) return null;
  url.pathname = url.pathname.replace(/(index\.html)?$/, 'embed.html');
  url.searchParams.delete('embed');
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  return url.toString();
}

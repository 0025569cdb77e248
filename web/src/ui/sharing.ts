// Sharing the current work: a link when it is short enough to paste anywhere,
// the scenario as a .json file otherwise (which the CLI runs as it is).
import type { ScenarioDocument } from '../report';
import { COMFORTABLE_LINK, shareFragment } from '../state/share';

/** A file name for a document: its scenario name, or its title made safe. */
export function fileName(doc: ScenarioDocument): string {
  const base = (doc.name ?? doc.title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'scenario'}.json`;
}

/** The CLI command that runs the same document. */
export function cliCommand(doc: ScenarioDocument): string {
  return `overhead run ${fileName(doc)}`;
}

/** Saves `text` as a file the browser downloads. */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function downloadDocument(doc: ScenarioDocument): void {
  downloadText(fileName(doc), JSON.stringify(doc, null, 2), 'application/json');
}

export type ShareLink = { ok: true; url: string } | { ok: false; length: number };

/** The link for `doc` on this page, or its length when it is too long to share comfortably. */
export function shareLink(doc: ScenarioDocument, page: Location): ShareLink {
  const url = `${page.origin}${page.pathname}${page.search}${shareFragment(doc)}`;
  return url.length <= COMFORTABLE_LINK ? { ok: true, url } : { ok: false, length: url.length };
}

/** An iframe that shows `doc` in the compact embed view, for docs sites. */
export function embedSnippet(doc: ScenarioDocument, page: Location): ShareLink {
  const src = `${page.origin}${page.pathname.replace(/(index\.html)?$/, 'embed.html')}${shareFragment(doc)}`;
  if (src.length > COMFORTABLE_LINK) return { ok: false, length: src.length };
  const title = `Overhead: ${doc.title}`.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    ok: true,
    url: `<iframe src="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" title="${title}" width="100%" height="640" style="border:0" loading="lazy"></iframe>`,
  };
}

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

export function downloadDocument(doc: ScenarioDocument): void {
  const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(doc);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export type ShareLink = { ok: true; url: string } | { ok: false; length: number };

/** The link for `doc` on this page, or its length when it is too long to share comfortably. */
export function shareLink(doc: ScenarioDocument, page: Location): ShareLink {
  const url = `${page.origin}${page.pathname}${page.search}${shareFragment(doc)}`;
  return url.length <= COMFORTABLE_LINK ? { ok: true, url } : { ok: false, length: url.length };
}

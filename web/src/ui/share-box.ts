// The share box under the controls: a link to the work, an iframe snippet of
// it, or word that it was downloaded — each with the CLI command that runs the
// same document, and what to do instead when an address would be too long.
import type { ScenarioDocument } from '../report';
import { ui } from './elements';
import { cliCommand, downloadDocument, embedSnippet, shareLink } from './sharing';

function open(doc: ScenarioDocument, shows: 'link' | 'snippet' | 'nothing'): void {
  ui.shareBox.hidden = false;
  ui.shareUrl.hidden = shows !== 'link';
  ui.embedSnippet.hidden = shows !== 'snippet';
  ui.cliCommand.textContent = cliCommand(doc);
}

export function showShareLink(doc: ScenarioDocument): void {
  const link = shareLink(doc, location);
  if (!link.ok) {
    open(doc, 'nothing');
    ui.shareText.textContent = `A link for this scenario would be ${link.length.toLocaleString('en')} characters, too long to share comfortably. Download the scenario as a .json file instead; Open .json restores it.`;
    return;
  }
  open(doc, 'link');
  ui.shareUrl.value = link.url;
  ui.shareUrl.select();
  ui.shareText.textContent = 'Copy this link:';
  // The clipboard may be refused (no permission, no secure context): the link is shown either way.
  navigator.clipboard
    ?.writeText(link.url)
    .then(() => (ui.shareText.textContent = 'Link copied to the clipboard.'))
    .catch(() => undefined);
}

export function showEmbedSnippet(doc: ScenarioDocument): void {
  const snippet = embedSnippet(doc, location);
  if (!snippet.ok) {
    open(doc, 'nothing');
    ui.shareText.textContent = `An embed of this scenario would need a ${snippet.length.toLocaleString('en')}-character address, too long to use. Trim the inputs, or host its .json file.`;
    return;
  }
  open(doc, 'snippet');
  ui.embedSnippet.value = snippet.url;
  ui.embedSnippet.select();
  ui.shareText.textContent = 'Paste this where the scenario should appear:';
}

export function showDownloaded(doc: ScenarioDocument): void {
  downloadDocument(doc);
  open(doc, 'nothing');
  ui.shareText.textContent = 'Downloaded. Open .json here, or the CLI, runs it as it is.';
}

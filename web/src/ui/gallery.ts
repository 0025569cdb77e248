// The scenario gallery: a card per bundled scenario (title, the first paragraph
// of its summary, its variants); picking a card loads it.
import type { ScenarioDocument } from '../report';
import { el } from './dom';
import { markdownToHtml } from './markdown';

export function renderGallery(
  host: HTMLElement,
  scenarios: readonly ScenarioDocument[],
  current: string | undefined,
  onPick: (doc: ScenarioDocument) => void,
): void {
  const cards = scenarios.map((doc) => {
    const card = el('button', { className: 'gallery-card' });
    card.type = 'button';
    card.setAttribute('aria-current', String(doc.name === current));
    const summary = el('div', { className: 'summary' });
    // Markdown with raw HTML disabled (ui/markdown.ts): text stays text.
    summary.innerHTML = markdownToHtml(doc.summary.split(/\n\s*\n/)[0] ?? '');
    card.append(el('h3', { text: doc.title }), summary, el('p', { className: 'gallery-meta', text: doc.variants.join(' · ') }));
    card.addEventListener('click', () => onPick(doc));
    return card;
  });
  host.replaceChildren(...cards);
}

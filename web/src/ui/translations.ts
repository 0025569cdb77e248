// The definitions as each translated peer runs them: a paste in the seed's
// dialect is measured by domainstack's derive as written and by validator's
// and garde's derives on a translation of its rules into their forms (made by
// the local server's build). Shown read-only under the definitions, so a
// person sees what each peer row ran; text only, never HTML.
import type { Translation } from '../bench/compiled-client';

export function showTranslations(panel: HTMLDetailsElement, list: HTMLElement, translations: readonly Translation[]): void {
  list.replaceChildren(
    ...translations.map((t) => {
      const section = document.createElement('section');
      section.className = 'translation';
      const title = document.createElement('h4');
      title.textContent = `peer:${t.library} — the definitions in ${t.library}'s form`;
      const code = document.createElement('pre');
      code.textContent = t.text;
      section.append(title, code);
      return section;
    }),
  );
  panel.hidden = translations.length === 0;
}

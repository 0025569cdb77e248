// The head of the page's work: the scenario picker, the title and teaching
// text, and the root picker. A bundled scenario shows its own; the person's
// own definitions (state/ownership.ts) show theirs, with the root a run uses.
import type { Diagnosis } from '../analysis/diagnosis';
import type { PageState } from '../state/page-state';
import { OWN_TITLE, isOwn, ownHeading } from '../state/ownership';
import { ui } from './elements';
import { markdownToHtml } from './markdown';

/** The scenario picker: the bundled scenarios, and the person's own definitions when those are on screen. */
export function showPicker(state: PageState): void {
  const own = state.scenario !== null && isOwn(state.scenario);
  const options = state.shipped.map((s) => Object.assign(document.createElement('option'), { value: s.name ?? '', textContent: s.title }));
  if (own) options.unshift(Object.assign(document.createElement('option'), { value: '', textContent: OWN_TITLE }));
  ui.picker.replaceChildren(...options);
  ui.picker.value = state.scenario?.name ?? '';
}

/**
 * The header: a bundled scenario's title and teaching text; for the person's
 * own definitions, theirs (with the root a run uses) and the teaching text
 * of the scenario they started from folded away, one click from coming back.
 */
export function showHeader(state: PageState): void {
  const doc = state.scenario;
  if (!doc) return;
  if (!isOwn(doc)) {
    ui.title.textContent = doc.title;
    ui.summary.innerHTML = markdownToHtml(doc.summary);
    return;
  }
  ui.title.textContent = ownHeading(state.root);
  const open = ui.summary.querySelector('details')?.open ?? false;
  if (!doc.summary.trim()) {
    ui.summary.replaceChildren();
    return;
  }
  const details = Object.assign(document.createElement('details'), { className: 'teaching', open });
  const summary = Object.assign(document.createElement('summary'), { textContent: 'The scenario you started from: what it teaches' });
  const body = document.createElement('div');
  body.innerHTML = markdownToHtml(doc.summary);
  details.append(summary, body);
  ui.summary.replaceChildren(details);
}

/**
 * The root picker, shown when the definitions hold more than one type.
 * "automatic" names the type it chose, and says why on hover.
 */
export function showRoots(state: PageState, types: string[], automatic: Diagnosis['automatic']): void {
  const root = state.scenario?.root ?? '';
  const auto = Object.assign(document.createElement('option'), {
    value: '',
    textContent: automatic ? `automatic: ${automatic.name}` : 'automatic',
    title: automatic ? `Automatic chose ${automatic.name}: ${automatic.why}` : '',
  });
  const options = [auto, ...types.map((t) => Object.assign(document.createElement('option'), { value: t, textContent: t }))];
  ui.rootPicker.replaceChildren(...options);
  ui.rootPicker.value = types.includes(root) ? root : '';
  ui.rootPicker.title = ui.rootPicker.value === '' ? auto.title : '';
  ui.rootLabel.hidden = types.length < 2;
}

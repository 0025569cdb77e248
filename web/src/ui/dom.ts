// Small DOM helpers. Text always goes in as text: nothing a scenario holds is
// ever parsed as HTML.

export function byId<T extends HTMLElement>(id: string, type: { new (): T }): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`#${id} is missing from index.html`);
  return element;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; title?: string } = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.title !== undefined) node.title = props.title;
  node.append(...children);
  return node;
}

/** A sentence whose `backticked` parts show as code, as text nodes and <code> elements. */
export function withCode(sentence: string): (Node | string)[] {
  return sentence.split('`').map((part, i) => (i % 2 === 1 ? el('code', { text: part }) : part));
}

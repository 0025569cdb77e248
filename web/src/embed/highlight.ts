// Definitions and inputs coloured without an editor: highlight.js's core and
// its two grammars are a few KB, where Monaco is over a megabyte, and an embed
// only shows the text. The HTML it returns escapes the text it is given.
import hljs from 'highlight.js/lib/core';
import json from 'highlight.js/lib/languages/json';
import rust from 'highlight.js/lib/languages/rust';

hljs.registerLanguage('rust', rust);
hljs.registerLanguage('json', json);

/** `code` as HTML with highlight.js's token classes. */
export function highlighted(code: string, language: 'rust' | 'json'): string {
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

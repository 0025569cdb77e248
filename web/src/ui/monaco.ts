// Monaco with what the playground needs and no more, since every visitor
// downloads it before anything else: the core editor, the contributions people
// reach for while editing (find, hover, comment, multi-cursor, line moves,
// bracket matching, go to the next problem, quick fixes), Rust highlighting, and JSON
// highlighting with Monaco's own JSON tokenizer. JSON's syntax errors come from
// `json-problems.ts` rather than Monaco's JSON language service, which weighs
// 140 KB and runs a Worker.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching.js';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions.js';
import 'monaco-editor/editor/contrib/comment/browser/comment.js';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo.js';
import 'monaco-editor/features/find/register.js';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError.js';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/editor/contrib/indentation/browser/indentation.js';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations.js';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor.js';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect.js';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter.js';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations.js';
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode.js';
import 'monaco-editor/editor/contrib/readOnlyMessage/browser/contribution.js';
import 'monaco-editor/languages/definitions/rust/register';
import { createTokenizationSupport } from 'monaco-editor/languages/features/json/tokenization.js';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { isDark, themeParam } from './theme';

self.MonacoEnvironment = {
  getWorker(): Worker {
    return new EditorWorker();
  },
};

monaco.languages.register({ id: 'json', extensions: ['.json'], aliases: ['JSON'] });
monaco.languages.setLanguageConfiguration('json', {
  brackets: [
    ['{', '}'],
    ['[', ']'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '"', close: '"', notIn: ['string'] },
  ],
  surroundingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '"', close: '"' },
  ],
});
// Monaco's own JSON tokenizer (a jsonc-parser scanner on the main thread): the
// colours of its JSON mode, without the language service.
monaco.languages.setTokensProvider('json', createTokenizationSupport(false));

export { monaco };

/** The editors are light or dark as the page is: its asked theme, else the OS's. */
export function followColorScheme(): void {
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const asked = themeParam(new URLSearchParams(location.search));
  const apply = () => monaco.editor.setTheme(isDark(asked, dark.matches) ? 'vs-dark' : 'vs');
  apply();
  dark.addEventListener('change', apply);
}

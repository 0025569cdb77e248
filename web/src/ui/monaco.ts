// Monaco with what the playground needs: the editor features, Rust highlighting
// and the JSON language service; each language service runs in its own worker.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/rust/register';
import 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

export { monaco };

/** The editors follow the OS's light or dark theme, as the page does. */
export function followColorScheme(): void {
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => monaco.editor.setTheme(dark.matches ? 'vs-dark' : 'vs');
  apply();
  dark.addEventListener('change', apply);
}

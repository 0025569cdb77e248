// The analysis Worker: diagnoses definitions as the user types, apart from the
// benchmark Worker, so that markers keep up while a run is busy. It starts with
// the page and also says what the page needs before any run: the bundled
// scenarios, this build, and the clock.
import init, { analyze, buildInfo, bundledScenarios, keywordDocs, measureTimer } from '../wasm-pkg/overhead_wasm_analyzer.js';
import type { Env, ScenarioDocument, TimerInfo } from '../report';
import type { KeywordDoc } from '../ui/rule-docs';
import type { Diagnosis } from './diagnosis';

/** What the page learns once the analyzer has started. */
export interface PageInfo {
  scenarios: ScenarioDocument[];
  timer: TimerInfo;
  crossOriginIsolated: boolean;
  build: Env;
  /** Every rule keyword's documentation, from the Rust registry. */
  keywords: KeywordDoc[];
}

export type ToAnalysis =
  /** The compiled wasm module (the first message). */
  | { type: 'init'; module: WebAssembly.Module }
  /** `inputs`: the input texts, from which an undefined type's form is read. */
  | { type: 'analyze'; id: number; schema: string; root: string | null; inputs: string[] };
export type FromAnalysis =
  | { type: 'ready'; info: PageInfo }
  | { type: 'failed'; message: string }
  | { type: 'diagnosis'; id: number; diagnosis: Diagnosis }
  /** `trapped`: the instance is in an unknown state and the Worker must be replaced. */
  | { type: 'error'; id: number; message: string; trapped: boolean };

const post = (message: FromAnalysis) => self.postMessage(message);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

let ready: Promise<boolean> | null = null;

function start(module: WebAssembly.Module): Promise<boolean> {
  return init({ module_or_path: module }).then(
    () => {
      post({
        type: 'ready',
        info: {
          scenarios: JSON.parse(bundledScenarios()) as ScenarioDocument[],
          timer: JSON.parse(measureTimer()) as TimerInfo,
          crossOriginIsolated: self.crossOriginIsolated,
          build: JSON.parse(buildInfo()) as Env,
          keywords: JSON.parse(keywordDocs()) as KeywordDoc[],
        },
      });
      return true;
    },
    (error: unknown) => {
      post({ type: 'failed', message: `the analyzer module could not start: ${describe(error)}` });
      return false;
    },
  );
}

self.onmessage = async (event: MessageEvent<ToAnalysis>) => {
  const message = event.data;
  if (message.type === 'init') {
    ready ??= start(message.module);
    return;
  }
  const { id, schema, root, inputs } = message;
  if (!ready || !(await ready)) return;
  try {
    const diagnosis = JSON.parse(analyze(schema, root ?? undefined, JSON.stringify(inputs))) as Diagnosis;
    post({ type: 'diagnosis', id, diagnosis });
  } catch (error) {
    post({ type: 'error', id, message: describe(error), trapped: error instanceof WebAssembly.RuntimeError });
  }
};

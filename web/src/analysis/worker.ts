// The analysis Worker: diagnoses definitions as the user types, apart from the
// benchmark Worker, so that markers keep up while a run is busy.
import init, { analyze } from '../wasm-pkg/overhead_wasm.js';
import type { Diagnosis } from './diagnosis';

export type ToAnalysis =
  /** The compiled wasm module (the first message). */
  | { type: 'init'; module: WebAssembly.Module }
  | { type: 'analyze'; id: number; schema: string; root: string | null };
export type FromAnalysis =
  | { id: number; diagnosis: Diagnosis }
  | { id: number; error: string };

let ready: Promise<unknown> | null = null;

self.onmessage = async (event: MessageEvent<ToAnalysis>) => {
  const message = event.data;
  if (message.type === 'init') {
    ready ??= init({ module_or_path: message.module });
    return;
  }
  const { id, schema, root } = message;
  try {
    if (!ready) throw new Error('the analyzer has no wasm module yet');
    await ready;
    const diagnosis = JSON.parse(analyze(schema, root ?? undefined)) as Diagnosis;
    self.postMessage({ id, diagnosis } satisfies FromAnalysis);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies FromAnalysis);
  }
};

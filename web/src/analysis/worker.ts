// The analysis Worker: diagnoses definitions as the user types, apart from the
// benchmark Worker, so that markers keep up while a run is busy.
import init, { analyze } from '../wasm-pkg/overhead_wasm.js';
import type { Diagnosis } from './diagnosis';

export type ToAnalysis = { id: number; schema: string; root: string | null };
export type FromAnalysis =
  | { id: number; diagnosis: Diagnosis }
  | { id: number; error: string };

const ready = init();

self.onmessage = async (event: MessageEvent<ToAnalysis>) => {
  const { id, schema, root } = event.data;
  try {
    await ready;
    const diagnosis = JSON.parse(analyze(schema, root ?? undefined)) as Diagnosis;
    self.postMessage({ id, diagnosis } satisfies FromAnalysis);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies FromAnalysis);
  }
};

// The compiled and peer jobs of a module built on demand for edited
// definitions (compiled-client.ts builds it under the local server): loaded
// into the Worker beside the benchmark module, prepared there, and handed to
// the benchmark module's loop, which times each through the module's own
// `timed` (its loop between two reads of the same clock).
import type { ScenarioDocument } from '../report';
import type { RunRequest } from './protocol';

/** wasm-bindgen's `--target web` JavaScript of a module built on demand. */
interface OnDemandModule {
  default: (init: { module_or_path: string }) => Promise<unknown>;
  prepare: (order: string) => string;
  timed: (index: number, iterations: number) => number;
}

/** What the benchmark module's `run` takes for a job timed elsewhere. */
export interface CompiledJob {
  info: string;
  timed: (iterations: number) => number;
}

const loaded = new Map<string, Promise<OnDemandModule>>();

/** Loads (once per Worker) the module at `urls`. */
function load(urls: { js: string; wasm: string }): Promise<OnDemandModule> {
  let module = loaded.get(urls.js);
  if (!module) {
    module = (async () => {
      const glue = (await import(/* @vite-ignore */ new URL(urls.js, self.location.origin).href)) as OnDemandModule;
      await glue.default({ module_or_path: new URL(urls.wasm, self.location.origin).href });
      return glue;
    })();
    // A module that failed to load is tried afresh next time.
    module.catch(() => loaded.delete(urls.js));
    loaded.set(urls.js, module);
  }
  return module;
}

/**
 * Drops the instance of the module at `urls`: after a trap (a panic in the
 * definitions' own code, in wasm) its state is unknown, and the next run
 * starts a fresh one. The benchmark module's instance is apart and unharmed.
 */
export function forget(urls: { js: string; wasm: string }): void {
  loaded.delete(urls.js);
}

/** The module's compiled and peer jobs for `doc` and the request, with its notes. */
export async function compiledJobs(
  urls: { js: string; wasm: string },
  doc: ScenarioDocument,
  request: RunRequest['request'],
): Promise<{ jobs: CompiledJob[]; notes: string[] }> {
  const module = await load(urls);
  const prepared = JSON.parse(module.prepare(JSON.stringify({ document: doc, request }))) as { jobs: object[]; notes: string[] };
  return {
    jobs: prepared.jobs.map((info, index) => ({ info: JSON.stringify(info), timed: (n: number) => module.timed(index, n) })),
    notes: prepared.notes,
  };
}

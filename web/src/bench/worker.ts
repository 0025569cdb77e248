// The benchmark Worker: owns the benchmark module's instance and runs timed loops
// off the UI thread. The page starts it at the first run.
import init, { exampleInputs, run } from '../wasm-pkg/overhead_wasm.js';
import { compiledJobs, forget } from './compiled-jobs';
import { jsJobs } from './js-jobs';
import type { Report } from '../report';
import type { Checked } from '../surprises';
import type { Examples, FromWorker, Progress, ToWorker } from './protocol';

const post = (message: FromWorker) => self.postMessage(message);

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// A trap leaves the instance in an unknown state: the page replaces the Worker.
function isTrap(error: unknown): boolean {
  return error instanceof WebAssembly.RuntimeError;
}

let ready: Promise<boolean> | null = null;

function start(module: WebAssembly.Module): Promise<boolean> {
  return init({ module_or_path: module }).then(
    () => {
      post({ type: 'ready' });
      return true;
    },
    (error: unknown) => {
      post({ type: 'crash', id: null, message: `the wasm module could not start: ${describe(error)}` });
      return false;
    },
  );
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'init') {
    ready ??= start(message.module);
    return;
  }
  if (!ready || !(await ready)) return;
  const { id } = message;
  if (message.type === 'examples') {
    try {
      const examples = JSON.parse(exampleInputs(message.schema, message.root ?? undefined, JSON.stringify(message.inputs))) as Examples;
      post({ type: 'examples', id, examples });
    } catch (error) {
      post({ type: isTrap(error) ? 'crash' : 'error', id, message: describe(error) });
    }
    return;
  }
  const { js, compiled, ...request } = message.request;
  try {
    const variants = request.request.variants ?? request.scenario.variants;
    const page = js ? await jsJobs(request.scenario, variants, request.request.inputs) : { jobs: [], notes: [] };
    // Compiled code built on demand stands for the compiled engine; what it
    // cannot prepare (random data) leaves the interpreter to run alone, with why.
    let outside: Awaited<ReturnType<typeof compiledJobs>> | null = null;
    let compiledNotes = compiled?.notes ?? [];
    if (compiled && !compiled.js && request.request.engines === 'compiled') throw new Error(compiledNotes.join(' '));
    if (compiled?.js && compiled.wasm && request.request.engines !== 'interpreted') {
      const urls = { js: compiled.js, wasm: compiled.wasm };
      try {
        outside = await compiledJobs(urls, request.scenario, request.request);
        compiledNotes = [...compiledNotes, ...outside.notes];
      } catch (error) {
        if (request.request.engines === 'compiled') throw error;
        // A trap in the module built for these definitions (it runs each job
        // once while preparing) is its own: the interpreter still runs.
        if (isTrap(error)) forget(urls);
        const why = isTrap(error)
          ? `it panicked in the browser (${describe(error)}) while running each job once; pasted code that reads the clock or the file system (std's SystemTime::now, std::fs) panics on wasm32-unknown-unknown — Run natively runs it`
          : describe(error);
        compiledNotes = [...compiledNotes, `compiled code built on demand not run: ${why}`];
      }
    }
    const reportJson = run(
      JSON.stringify(compiled ? { ...request, compiled_notes: compiledNotes } : request),
      (json: string) => {
        const step = JSON.parse(json) as Progress | { phase: 'checked'; outcomes: Checked[] };
        if (step.phase === 'checked') post({ type: 'checked', id, outcomes: step.outcomes });
        else post({ type: 'progress', id, progress: step });
      },
      page.jobs,
      outside?.jobs,
    );
    const report = JSON.parse(reportJson) as Report;
    if (page.notes.length > 0) report.notes = [...(report.notes ?? []), ...page.notes];
    post({ type: 'report', id, report });
  } catch (error) {
    const type = isTrap(error) ? 'crash' : 'error';
    post({ type, id, message: describe(error) });
  }
};

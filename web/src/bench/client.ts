// The page's side of the benchmark Worker: one run at a time, cancel by replacing
// the Worker (a running wasm loop cannot be interrupted any other way). The
// Worker and its module start at the first run, not with the page.
import type { Report } from '../report';
import type { Checked } from '../surprises';
import { benchModule } from '../wasm-module';
import type { Examples, FromWorker, Progress, RunRequest, ToWorker } from './protocol';

export class RunCancelled extends Error {
  constructor() {
    super('The run was cancelled.');
  }
}

interface Pending {
  id: number;
  resolve: (report: Report) => void;
  reject: (error: Error) => void;
  onProgress: (progress: Progress) => void;
  onChecked: (outcomes: Checked[]) => void;
}

export class BenchClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending: Pending | null = null;
  private started = false;
  /** Resolves when the current Worker's wasm is ready; null before the first run. */
  private ready: Promise<void> | null = null;
  /** The module built on demand the current Worker has loaded, if any. */
  private compiledIn: string | null = null;
  /** Example requests waiting for the Worker, by id (they may wait behind a run). */
  private examplesPending = new Map<number, { resolve: (examples: Examples) => void; reject: (error: Error) => void }>();

  constructor(private readonly onCrash: (message: string) => void) {}

  private start(): Promise<void> {
    this.started = false;
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker = worker;
    let failed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      failed = reject;
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        if (message.type === 'ready') {
          this.started = true;
          resolve();
        } else if (message.type === 'crash' && message.id === null) {
          reject(new Error(message.message));
        } else {
          this.handle(message);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || 'the benchmark worker failed';
        reject(new Error(message));
        // Restart only a Worker that had started: one that cannot load would fail again.
        if (this.started) this.crash(message);
      };
    });
    benchModule().then(
      (module) => worker.postMessage({ type: 'init', module } satisfies ToWorker),
      (error: unknown) => failed(error instanceof Error ? error : new Error(String(error))),
    );
    // A Worker that cannot start is dropped, so the next run tries afresh.
    ready.catch(() => {
      if (this.worker !== worker) return;
      worker.terminate();
      this.worker = null;
      this.ready = null;
    });
    return ready;
  }

  private handle(message: FromWorker): void {
    const asked = 'id' in message && message.id !== null ? this.examplesPending.get(message.id) : undefined;
    if (asked && 'id' in message && message.id !== null) {
      this.examplesPending.delete(message.id);
      if (message.type === 'examples') asked.resolve(message.examples);
      else if (message.type === 'error' || message.type === 'crash') asked.reject(new Error(message.message));
      if (message.type === 'crash') this.crash(message.message);
      return;
    }
    const pending = this.pending;
    if (!pending || !('id' in message) || message.id !== pending.id) return;
    switch (message.type) {
      case 'progress':
        pending.onProgress(message.progress);
        break;
      case 'checked':
        pending.onChecked(message.outcomes);
        break;
      case 'report':
        this.pending = null;
        pending.resolve(message.report);
        break;
      case 'error':
        this.pending = null;
        pending.reject(new Error(message.message));
        break;
      case 'crash':
        this.crash(message.message);
        break;
    }
  }

  /** Replaces the Worker; the module is compiled already, so this is quick. */
  private replace(): void {
    this.compiledIn = null;
    for (const asked of this.examplesPending.values()) asked.reject(new Error('the benchmark worker was restarted'));
    this.examplesPending.clear();
    this.worker?.terminate();
    this.ready = this.start();
  }

  private crash(message: string): void {
    const pending = this.pending;
    this.pending = null;
    this.replace();
    pending?.reject(new Error(`The benchmark crashed (${message}); it was restarted and your work is unchanged.`));
    this.onCrash(message);
  }

  get running(): boolean {
    return this.pending !== null;
  }

  /**
   * Runs a request; the first run starts the Worker and its module, and calls
   * `onLoading` while that module downloads and compiles.
   */
  async run(
    request: RunRequest,
    onProgress: (progress: Progress) => void,
    onChecked: (outcomes: Checked[]) => void = () => undefined,
    onLoading: () => void = () => undefined,
  ): Promise<Report> {
    if (this.pending) throw new Error('A run is already in progress.');
    // A module built on demand for other definitions stays in the Worker's
    // memory for good (wasm has no unloading): a fresh Worker for new ones.
    const compiled = request.compiled?.js ?? null;
    if (compiled && this.compiledIn !== null && compiled !== this.compiledIn) this.replace();
    if (compiled) this.compiledIn = compiled;
    if (!this.ready) onLoading();
    const ready = (this.ready ??= this.start());
    const id = this.nextId++;
    return new Promise<Report>((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress, onChecked };
      ready.then(
        () => {
          if (this.pending?.id === id) this.worker?.postMessage({ type: 'run', id, request } satisfies ToWorker);
        },
        (error: unknown) => {
          if (this.pending?.id !== id) return;
          this.pending = null;
          reject(new Error(`The benchmark module could not start: ${error instanceof Error ? error.message : String(error)}`));
        },
      );
    });
  }

  /**
   * Starting inputs for `schema` at `root` (null: the automatic choice),
   * made by the benchmark module, and whether `inputs` decode there
   * already: asking starts the Worker if no run has.
   */
  examples(schema: string, root: string | null, inputs: string[]): Promise<Examples> {
    const ready = (this.ready ??= this.start());
    const id = this.nextId++;
    return new Promise<Examples>((resolve, reject) => {
      this.examplesPending.set(id, { resolve, reject });
      ready.then(
        () => this.worker?.postMessage({ type: 'examples', id, schema, root, inputs } satisfies ToWorker),
        (error: unknown) => {
          this.examplesPending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** Stops the current run at once: the Worker is replaced. */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.replace();
    pending.reject(new RunCancelled());
  }
}

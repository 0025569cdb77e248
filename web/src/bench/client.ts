// The page's side of the benchmark Worker: one run at a time, cancel by replacing
// the Worker (a running wasm loop cannot be interrupted any other way).
import type { Env, Report, ScenarioDocument, TimerInfo } from '../report';
import type { Checked } from '../surprises';
import { wasmModule } from '../wasm-module';
import type { FromWorker, Progress, RunRequest, ToWorker } from './protocol';

export interface WorkerInfo {
  scenarios: ScenarioDocument[];
  timer: TimerInfo;
  crossOriginIsolated: boolean;
  build: Env;
}

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
  private worker!: Worker;
  private nextId = 1;
  private pending: Pending | null = null;
  private started = false;
  /** Resolves when the current Worker's wasm is ready. */
  ready!: Promise<WorkerInfo>;

  constructor(private readonly onCrash: (message: string) => void) {
    this.start();
  }

  private start(): void {
    this.started = false;
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    const worker = this.worker;
    let failed: (error: Error) => void = () => undefined;
    this.ready = new Promise<WorkerInfo>((resolve, reject) => {
      failed = reject;
      this.worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        if (message.type === 'ready') {
          this.started = true;
          resolve({ scenarios: message.scenarios, timer: message.timer, crossOriginIsolated: message.crossOriginIsolated, build: message.build });
        } else if (message.type === 'crash' && message.id === null) {
          reject(new Error(message.message));
        } else {
          this.handle(message);
        }
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || 'the benchmark worker failed';
        reject(new Error(message));
        // Restart only a Worker that had started: one that cannot load would fail again.
        if (this.started) this.crash(message);
      };
    });
    // An unhandled rejection would be noise: callers see the failure through `ready`.
    this.ready.catch(() => undefined);
    wasmModule().then(
      (module) => worker.postMessage({ type: 'init', module } satisfies ToWorker),
      (error: unknown) => {
        worker.terminate();
        failed(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  private handle(message: FromWorker): void {
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

  private crash(message: string): void {
    const pending = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.start();
    pending?.reject(new Error(`The benchmark crashed (${message}); it was restarted and your work is unchanged.`));
    this.onCrash(message);
  }

  get running(): boolean {
    return this.pending !== null;
  }

  async run(
    request: RunRequest,
    onProgress: (progress: Progress) => void,
    onChecked: (outcomes: Checked[]) => void = () => undefined,
  ): Promise<Report> {
    if (this.pending) throw new Error('A run is already in progress.');
    await this.ready;
    const id = this.nextId++;
    return new Promise<Report>((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress, onChecked };
      this.worker.postMessage({ type: 'run', id, request });
    });
  }

  /** Stops the current run at once: the Worker is replaced. */
  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.worker.terminate();
    this.start();
    pending.reject(new RunCancelled());
  }
}

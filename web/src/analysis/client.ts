// The page's side of the analysis Worker: the latest text is analysed once
// typing pauses, and an answer to an older text is dropped.
import { analyzerModule } from '../wasm-module';
import type { Diagnosis } from './diagnosis';
import type { FromAnalysis, PageInfo, ToAnalysis } from './worker';

export type { PageInfo } from './worker';

/** Pause after the last keystroke before analysing (the analysis takes ~1 ms). */
const DEBOUNCE_MS = 60;

export class AnalysisClient {
  private worker: Worker;
  private latest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private initialized: Promise<void> = Promise.resolve();
  /** Resolves once, when the first analyzer has started: what the page needs to open. */
  readonly ready: Promise<PageInfo>;
  private resolveReady: (info: PageInfo) => void = () => undefined;
  private rejectReady: (error: Error) => void = () => undefined;

  constructor(
    private readonly onDiagnosis: (diagnosis: Diagnosis) => void,
    private readonly onFailure: (message: string) => void,
  ) {
    this.ready = new Promise<PageInfo>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // Callers see a failure through `ready`; an unhandled rejection would be noise.
    this.ready.catch(() => undefined);
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    // Texts to analyse are posted after the module: messages keep their order.
    this.initialized = analyzerModule().then(
      (module) => worker.postMessage({ type: 'init', module } satisfies ToAnalysis),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        this.rejectReady(new Error(message));
        this.onFailure(message);
      },
    );
    worker.onmessage = (event: MessageEvent<FromAnalysis>) => {
      const answer = event.data;
      switch (answer.type) {
        case 'ready':
          this.resolveReady(answer.info);
          break;
        case 'failed':
          this.rejectReady(new Error(answer.message));
          this.onFailure(answer.message);
          break;
        case 'diagnosis':
          if (answer.id === this.latest) this.onDiagnosis(answer.diagnosis);
          break;
        case 'error':
          if (answer.id === this.latest) this.onFailure(answer.message);
          if (answer.trapped) this.restart(worker);
          break;
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.onFailure(event.message || 'the analyzer stopped');
      this.restart(worker);
    };
    return worker;
  }

  /** A trapped instance is replaced; the next edit is analysed afresh. */
  private restart(worker: Worker): void {
    if (worker !== this.worker) return;
    worker.terminate();
    this.worker = this.start();
  }

  /** Analyses `schema` against `inputs` after a short pause; `now` skips the pause. */
  request(schema: string, root: string | null, inputs: string[], now = false): void {
    clearTimeout(this.timer);
    const send = () => {
      const message: ToAnalysis = { type: 'analyze', id: ++this.latest, schema, root, inputs };
      const worker = this.worker;
      void this.initialized.then(() => worker.postMessage(message));
    };
    if (now) send();
    else this.timer = setTimeout(send, DEBOUNCE_MS);
  }
}

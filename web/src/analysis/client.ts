// The page's side of the analysis Worker: the latest text is analysed once
// typing pauses, and an answer to an older text is dropped.
import { wasmModule } from '../wasm-module';
import type { Diagnosis } from './diagnosis';
import type { FromAnalysis, ToAnalysis } from './worker';

/** Pause after the last keystroke before analysing (the analysis takes ~1 ms). */
const DEBOUNCE_MS = 60;

export class AnalysisClient {
  private worker: Worker;
  private latest = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private initialized: Promise<void> = Promise.resolve();

  constructor(
    private readonly onDiagnosis: (diagnosis: Diagnosis) => void,
    private readonly onFailure: (message: string) => void,
  ) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    // Texts to analyse are posted after the module: messages keep their order.
    this.initialized = wasmModule().then(
      (module) => worker.postMessage({ type: 'init', module } satisfies ToAnalysis),
      (error: unknown) => this.onFailure(error instanceof Error ? error.message : String(error)),
    );
    worker.onmessage = (event: MessageEvent<FromAnalysis>) => {
      const answer = event.data;
      if (answer.id !== this.latest) return;
      if ('diagnosis' in answer) this.onDiagnosis(answer.diagnosis);
      else this.onFailure(answer.error);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.onFailure(event.message || 'the analyzer stopped');
      // A trapped instance is replaced; the next edit is analysed afresh.
      worker.terminate();
      this.worker = this.start();
    };
    return worker;
  }

  /** Analyses `schema` after a short pause; `now` skips the pause. */
  request(schema: string, root: string | null, now = false): void {
    clearTimeout(this.timer);
    const send = () => {
      const message: ToAnalysis = { type: 'analyze', id: ++this.latest, schema, root };
      const worker = this.worker;
      void this.initialized.then(() => worker.postMessage(message));
    };
    if (now) send();
    else this.timer = setTimeout(send, DEBOUNCE_MS);
  }
}

// The embed's Run, loaded when Run is first pressed (with the benchmark Worker
// it starts): quick settings sized by time, every variant the scenario names,
// both engines, and the coarse-timer rule when the host sends no COOP/COEP.
import { BenchClient, RunCancelled } from '../bench/client';
import type { Progress, RunRequest } from '../bench/protocol';
import { measureQuick } from '../bench/quick-run';
import type { Report, ScenarioDocument, Settings } from '../report';

export interface RunView {
  say(text: string): void;
  progress(p: Progress): void;
  crashed(message: string): void;
}

let client: BenchClient | null = null;

export function isCancelled(error: unknown): boolean {
  return error instanceof RunCancelled;
}

export function cancelRun(): void {
  client?.cancel();
}

export function runEmbedded(doc: ScenarioDocument, compiled: RunRequest['compiled'], view: RunView): Promise<Report> {
  client ??= new BenchClient((message) => view.crashed(message));
  const bench = client;
  const env = { browser: navigator.userAgent, os: navigator.platform, date: new Date().toISOString() };
  const measure = (settings: Settings, onProgress: (p: Progress) => void) =>
    bench.run(
      {
        scenario: { ...doc, settings },
        request: { settings, variants: doc.variants, engines: 'all', breakdown: false },
        env,
        ...(compiled ? { compiled } : {}),
      },
      onProgress,
      () => undefined,
      () => view.say('loading the benchmark engine…'),
    );
  return measureQuick(measure, crossOriginIsolated, {
    calibrating: () => view.say('calibrating…'),
    sized: () => undefined,
    progress: (p) => view.progress(p),
  });
}

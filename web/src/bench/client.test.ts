// The page's side of the benchmark Worker when the Worker dies: a wasm trap
// mid-run rejects that run with a message saying what happened, a fresh Worker
// takes its place, and the next run goes through it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromWorker, RunRequest, ToWorker } from './protocol';

vi.mock('../wasm-module', () => ({ benchModule: () => Promise.resolve({} as WebAssembly.Module) }));

/** A stand-in Worker the test answers for: `reply` plays the worker's side. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: ToWorker[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: ToWorker): void {
    this.received.push(message);
    if (message.type === 'init') queueMicrotask(() => this.reply({ type: 'ready' } as FromWorker));
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(message: FromWorker): void {
    this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }
  lastRunId(): number {
    const run = [...this.received].reverse().find((m) => m.type === 'run') as { id: number } | undefined;
    if (!run) throw new Error('no run was sent');
    return run.id;
  }
}

const request = { scenario: {}, request: {}, env: {} } as unknown as RunRequest;

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the benchmark Worker crashing', () => {
  it('rejects the run with what happened, restarts the Worker, and runs again', async () => {
    const { BenchClient } = await import('./client');
    const crashes: string[] = [];
    const client = new BenchClient((message) => crashes.push(message));
    const first = client.run(request, () => undefined);
    await vi.waitFor(() => expect(FakeWorker.made[0]?.received.some((m) => m.type === 'run')).toBe(true));
    const dead = FakeWorker.made[0]!;
    dead.reply({ type: 'crash', id: dead.lastRunId(), message: 'RuntimeError: unreachable' });
    await expect(first).rejects.toThrow('The benchmark crashed (RuntimeError: unreachable); it was restarted and your work is unchanged.');
    expect(crashes).toEqual(['RuntimeError: unreachable']);
    expect(dead.terminated).toBe(true);
    expect(client.running).toBe(false);

    // The next run goes to the new Worker and completes.
    const second = client.run(request, () => undefined);
    await vi.waitFor(() => expect(FakeWorker.made[1]?.received.some((m) => m.type === 'run')).toBe(true));
    const fresh = FakeWorker.made[1]!;
    const report = { scenario: 'x', results: [] };
    fresh.reply({ type: 'report', id: fresh.lastRunId(), report } as unknown as FromWorker);
    await expect(second).resolves.toEqual(report);
  });
});

import { describe, expect, it } from 'vitest';
import { oneAtATime } from './run-lock';

/** Web Locks as the browser has them, for one lock name: exclusive, first come first served. */
class FakeLocks {
  private held = false;
  private queue: (() => void)[] = [];
  async request<T>(_name: string, options: LockOptions | ((lock: Lock | null) => Promise<T>), maybe?: (lock: Lock | null) => Promise<T>): Promise<T> {
    const opts = typeof options === 'function' ? {} : options;
    const callback = typeof options === 'function' ? options : maybe;
    if (!callback) throw new Error('no callback');
    if (this.held && opts.ifAvailable) return callback(null);
    if (opts.signal?.aborted) throw new Error('aborted');
    if (this.held) {
      await new Promise<void>((resolve, reject) => {
        this.queue.push(resolve);
        opts.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    }
    this.held = true;
    try {
      return await callback({ name: 'x', mode: 'exclusive' } as Lock);
    } finally {
      this.held = false;
      this.queue.shift()?.();
    }
  }
}

const asLocks = (fake: FakeLocks) => fake as unknown as LockManager;

describe('oneAtATime', () => {
  it('runs at once when no other run holds the lock', async () => {
    const said: string[] = [];
    expect(await oneAtATime(asLocks(new FakeLocks()), { waiting: () => said.push('waiting') }, async () => 7)).toBe(7);
    expect(said).toEqual([]);
  });

  it('makes a second run wait for the first, and says so', async () => {
    const locks = asLocks(new FakeLocks());
    const order: string[] = [];
    let finishFirst: () => void = () => undefined;
    const first = oneAtATime(locks, { waiting: () => order.push('first waits') }, async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first ends');
    });
    const second = oneAtATime(locks, { waiting: () => order.push('second waits') }, async () => {
      order.push('second starts');
    });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['first starts', 'second waits']);
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'second waits', 'first ends', 'second starts']);
  });

  it('stops waiting when cancelled', async () => {
    const locks = asLocks(new FakeLocks());
    let finishFirst: () => void = () => undefined;
    const first = oneAtATime(locks, { waiting: () => undefined }, () => new Promise<void>((resolve) => (finishFirst = resolve)));
    const abort = new AbortController();
    const second = oneAtATime(locks, { waiting: () => abort.abort() }, async () => 'ran', abort.signal);
    await expect(second).rejects.toThrow('aborted');
    finishFirst();
    await first;
  });

  it('runs at once where there are no Web Locks', async () => {
    expect(await oneAtATime(undefined, { waiting: () => undefined }, async () => 'ran')).toBe('ran');
  });
});

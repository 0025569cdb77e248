// One benchmark at a time across the Overhead embeds of a page (and of other
// tabs on the same site): two embeds timing at the same moment would share the
// cores and slow each other's figures. The Web Locks API is shared by every
// same-origin document of the browser, iframes included, and a lock held by a
// frame that is closed is released with it.
const NAME = 'overhead:benchmark';

export interface LockView {
  /** Another run holds the lock: this one waits for it. */
  waiting(): void;
}

/**
 * Runs `work` holding the lock; when another run holds it, says so through
 * `view` and waits (until `signal` aborts the wait). Without Web Locks (an
 * insecure context), runs at once.
 */
export async function oneAtATime<T>(locks: LockManager | undefined, view: LockView, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!locks) return work();
  const at_once = await locks.request(NAME, { ifAvailable: true }, async (lock) => (lock ? { value: await work() } : null));
  if (at_once) return at_once.value;
  view.waiting();
  return locks.request(NAME, signal ? { signal } : {}, () => work());
}

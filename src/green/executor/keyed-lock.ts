/**
 * One lock per key (an A2A context): a second assessment in a busy context waits its turn, in
 * arrival order, while other contexts run in parallel.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  /**
   * Resolves with a release function once the key is free. Rejects with the signal's reason when
   * aborted while waiting (the lock is then never taken).
   */
  async acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The next waiter waits for this holder, whether or not this one gives up while waiting.
    const tail = previous.then(() => held);
    this.tails.set(key, tail);
    let released = false;
    const releaseOnce = (): void => {
      if (released) return;
      released = true;
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    try {
      await waitOrAbort(previous, signal);
    } catch (error) {
      // Give up our place: release as soon as the previous holder is done.
      void previous.then(releaseOnce);
      throw error;
    }
    return releaseOnce;
  }

  /** Keys currently held or waited for. */
  get size(): number {
    return this.tails.size;
  }
}

function waitOrAbort(work: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

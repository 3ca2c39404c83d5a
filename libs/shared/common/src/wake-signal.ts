/**
 * Wakes sleepers early: a loop waits for "something may have changed" or a timeout, whichever comes first.
 * The timeout is the fallback that notices writes from other processes, which cannot notify us.
 */
export class WakeSignal {
  private waiters = new Set<() => void>();
  private notified = 0;

  /** How many times `notify()` was called: unchanged since a read of the log, nothing was signalled since. */
  get notifications(): number {
    return this.notified;
  }

  /** Resolves on the next `notify()` or after `timeoutMs`; without one, only on `notify()`. */
  wait(timeoutMs?: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        if (timer) clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  /** Wakes every current waiter. */
  notify(): void {
    this.notified += 1;
    for (const waiter of [...this.waiters]) waiter();
  }
}

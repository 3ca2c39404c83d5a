/** The position a runner has reached, with a way to wait for it to move. */
export class ProgressSignal {
  position = 0;
  private waiters = new Set<() => void>();

  /** Records progress and wakes waiters; never moves backwards. */
  advance(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Back to the start (a rebuild). */
  reset(): void {
    this.position = 0;
  }

  /** Resolves on the next advance or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }
}

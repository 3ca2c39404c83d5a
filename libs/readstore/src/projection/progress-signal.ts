import { WakeSignal } from '@lib/common';

/** The position a runner has reached, with a way to wait for it to move. */
export class ProgressSignal {
  position = 0;
  private readonly moved = new WakeSignal();

  /** Records progress and wakes waiters; never moves backwards. */
  advance(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    this.moved.notify();
  }

  /** Back to the start (a rebuild). */
  reset(): void {
    this.position = 0;
  }

  /** Resolves on the next advance or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    return this.moved.wait(timeoutMs);
  }
}

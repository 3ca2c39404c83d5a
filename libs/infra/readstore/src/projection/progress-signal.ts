import { WakeSignal } from '@lib/common';

/** The position a runner has reached, with a way to wait for it to move. */
export class ProgressSignal {
  /** The last event applied: a position of the log, so reads may start after it. */
  position = 0;
  /** Every handled event before this position is applied (a subscription checkpoint); never a read start. */
  coveredBefore = 0;
  private readonly moved = new WakeSignal();

  /** Records progress and wakes waiters; never moves backwards. */
  advance(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    this.moved.notify();
  }

  /** Records a checkpoint and wakes waiters; never moves backwards. */
  cover(before: number): void {
    if (before <= this.coveredBefore) return;
    this.coveredBefore = before;
    this.moved.notify();
  }

  /** Whether every handled event up to `position` is applied, as far as known without reading the log. */
  reached(position: number): boolean {
    return this.position >= position || position < this.coveredBefore;
  }

  /** Back to the start (a rebuild). */
  reset(): void {
    this.position = 0;
    this.coveredBefore = 0;
  }

  /** Resolves on the next advance or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    return this.moved.wait(timeoutMs);
  }
}

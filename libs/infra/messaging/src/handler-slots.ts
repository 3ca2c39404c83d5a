import { EventLoopHeadroom } from './event-loop-headroom';

/** How often a subscription with room to grow looks at the event loop while messages wait for a slot. */
const LOOK_EVERY_MS = 250;

/**
 * A subscription's handler slots, shared by its partitions (and its Kafka group members): a handler runs only
 * while it holds a slot, and messages waiting for one are served in the order they asked. There are always
 * `concurrency` slots; up to `maxConcurrency` while the process's event loop has time to spare, so handlers
 * that mostly wait run more at once, and handlers that keep the loop busy do not crowd each other out.
 */
export class HandlerSlots {
  private running = 0;
  private limit: number;
  private readonly concurrency: number;
  private readonly max: number;
  private readonly step: number;
  private readonly waiting: Array<() => void> = [];
  private watch?: NodeJS.Timeout;

  constructor(
    concurrency: number,
    maxConcurrency = concurrency,
    private readonly headroom: Pick<EventLoopHeadroom, 'hadSpareTime'> = new EventLoopHeadroom(),
    private readonly lookEveryMs = LOOK_EVERY_MS,
  ) {
    this.concurrency = Math.max(1, concurrency);
    this.limit = this.concurrency;
    this.max = Math.max(this.concurrency, maxConcurrency);
    // A quarter of the room per look: a second of spare time opens all of it, and a busy one closes it again.
    this.step = Math.max(1, Math.ceil((this.max - this.concurrency) / 4));
  }

  /** Resolves with the slot's release once one is free; releasing twice gives back one slot. */
  async take(): Promise<() => void> {
    if (this.running < this.limit) this.running += 1;
    else {
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        this.startWatching();
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.serveWaiting();
    };
  }

  /** The most handlers that ever run at once. */
  get maxSize(): number {
    return this.max;
  }

  private serveWaiting(): void {
    while (this.waiting.length > 0 && this.running < this.limit) {
      this.running += 1;
      this.waiting.shift()!();
    }
  }

  private startWatching(): void {
    if (this.watch || this.max === this.concurrency) return;
    this.headroom.hadSpareTime(); // measure from now on, not since the previous burst
    this.watch = setInterval(() => this.look(), this.lookEveryMs);
    this.watch.unref();
  }

  private look(): void {
    const spare = this.headroom.hadSpareTime();
    if (this.waiting.length === 0) {
      // Nobody waits: keep only the slots in use, and look again when someone waits.
      this.limit = Math.max(this.concurrency, Math.min(this.limit, this.running));
      clearInterval(this.watch);
      this.watch = undefined;
      return;
    }
    this.limit = spare
      ? Math.min(this.max, this.limit + this.step)
      : Math.max(this.concurrency, this.limit - this.step);
    this.serveWaiting();
  }
}

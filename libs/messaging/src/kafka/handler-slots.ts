/**
 * A subscription's `concurrency`, shared by its group members: a handler runs only while it holds a slot, and
 * messages waiting for one are served in the order they asked.
 */
export class HandlerSlots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  /** Resolves with the slot's release once one is free; releasing twice gives back one slot. */
  async take(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }
}

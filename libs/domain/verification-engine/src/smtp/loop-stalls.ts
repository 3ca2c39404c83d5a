const TICK_MS = 50;
// Lateness below this is ordinary timer jitter, not a stall.
const MIN_STALL_MS = 20;

/**
 * Times this process's event loop was blocked (a timer firing late), so that a reply read late
 * because the process was busy (a job chunk's writes, a big CSV) is not taken for a server tarpitting
 * the session. Started on first use; its timer never keeps the process alive.
 */
class LoopStalls {
  private readonly stalls: Array<{ end: number; ms: number }> = [];
  private timer: NodeJS.Timeout | null = null;
  private last = 0;

  start(): void {
    if (this.timer) return;
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = now - this.last - TICK_MS;
      if (late > MIN_STALL_MS) {
        this.stalls.push({ end: now, ms: late });
        if (this.stalls.length > 256) this.stalls.shift();
      }
      this.last = now;
    }, TICK_MS);
    this.timer.unref();
  }

  /** Milliseconds of the window [from, to] (performance.now() times) the loop spent blocked. */
  during(from: number, to: number): number {
    let blocked = 0;
    for (const { end, ms } of this.stalls) blocked += Math.max(0, Math.min(end, to) - Math.max(end - ms, from));
    return blocked;
  }
}

export const loopStalls = new LoopStalls();

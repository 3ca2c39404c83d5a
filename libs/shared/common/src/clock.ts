/** Time source; injected so tests drive the clock (`FakeClock` in `@lib/common/testing`) and deciders never call `new Date()`. */
export abstract class Clock {
  /** Milliseconds since the epoch. */
  abstract now(): number;

  /** The current time as ISO 8601 UTC. */
  nowIso(): string {
    return new Date(this.now()).toISOString();
  }
}

export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}

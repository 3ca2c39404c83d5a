/** Time source; injected so tests fix the clock and deciders never call `new Date()`. */
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

/** A clock that moves only when told; for tests. */
export class FixedClock extends Clock {
  constructor(private current: number) {
    super();
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

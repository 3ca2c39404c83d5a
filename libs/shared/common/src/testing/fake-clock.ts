import { Clock } from '../clock';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one clock tests drive, in either of two ways:
 * - `FakeClock.at(instant)` stands still until `advance` moves it, so a unit or adapter spec can name
 *   the exact instant it records;
 * - `FakeClock.running()` is real time plus an offset, for a whole app: time keeps passing (deadlines,
 *   retries and polls still work, unlike a clock that stands still), and `advance` lets days pass at once.
 */
export class FakeClock extends Clock {
  private constructor(
    private readonly base: () => number,
    private offsetMs: number,
  ) {
    super();
  }

  /** A clock that stands at `instant` (milliseconds since the epoch) until advanced. */
  static at(instant: number): FakeClock {
    return new FakeClock(() => 0, instant);
  }

  /** Real time, moved forward by `advance`. */
  static running(): FakeClock {
    return new FakeClock(Date.now, 0);
  }

  now(): number {
    return this.base() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

import { Clock } from '@lib/common';

/**
 * Real time plus an offset the test moves forward: time keeps passing (deadlines and retries still
 * work, unlike a fixed clock) and days can pass at once.
 */
export class TravelClock extends Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  travel(ms: number): void {
    this.offsetMs += ms;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

import { DomainError, ErrorName } from '@lib/common';
import { AttemptSlot, AttemptWindow, SignInAttempts } from './sign-in-attempts';

/** One counted key and how many attempts its window admits. */
export interface CountedKey {
  key: string;
  limit: number;
}

/** Expired windows are deleted at most this often per process. */
const PURGE_EVERY_MS = 60_000;

/**
 * Counting in fixed windows of `windowMs`, shared by every process through the SignInAttempts store
 * (sign-in failures, and the mail and password-hash routes anonymous callers reach). An attempt takes a
 * slot of each of its keys before the guarded work runs, so concurrent attempts cannot pass a limit
 * together; a refused attempt takes none. Across a window boundary a burst may fit up to twice a limit,
 * never more than the limit per window.
 */
export class WindowThrottle {
  private purgedAt = 0;

  constructor(
    private readonly attempts: SignInAttempts,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /**
   * Takes a slot of every key, or none: the slots, or throws `refusal` (429) with Retry-After, the
   * seconds until the window ends.
   */
  async takeAll(keys: CountedKey[], refusal: ErrorName): Promise<AttemptSlot[]> {
    const now = this.now();
    this.purgeNowAndThen(now);
    const index = Math.floor(now / this.windowMs);
    const window: AttemptWindow = { index, expiresAtMs: (index + 1) * this.windowMs };
    const slots = await Promise.all(keys.map(({ key, limit }) => this.attempts.take(key, window, limit, now)));
    if (slots.every((slot): slot is AttemptSlot => slot !== null)) return slots;
    // A refused attempt does not count: the slots it got of the other keys go back.
    await Promise.all(slots.filter((slot) => slot !== null).map((slot) => this.attempts.release(slot)));
    const retryAfter = Math.max(1, Math.ceil((window.expiresAtMs - now) / 1000));
    throw new DomainError(refusal, undefined, { 'Retry-After': String(retryAfter) });
  }

  release(slot: AttemptSlot): Promise<void> {
    return this.attempts.release(slot);
  }

  clear(key: string): Promise<void> {
    return this.attempts.clear(key);
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = now;
    void this.attempts.purgeExpired(now).catch(() => undefined); // a failed purge is retried a minute later
  }
}

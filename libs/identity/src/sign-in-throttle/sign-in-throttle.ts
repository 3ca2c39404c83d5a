import { DomainError } from '@lib/common';
import { sha256Hex } from '../tokens/secret-hash';
import { AttemptWindow, SignInAttempts } from './sign-in-attempts.port';

export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

/** A sign-in attempt let through: counted until it turns out to be a success. */
export interface AdmittedSignIn {
  /** The password was right: the account's count is cleared, and this attempt no longer counts for the address. */
  succeeded(): Promise<void>;
}

/** Expired windows are deleted at most this often per process. */
const PURGE_EVERY_MS = 60_000;

/**
 * Sign-in throttling per account (the typed address, known or not, so throttling reveals nothing) and per
 * client address, in fixed windows of `windowMs` shared by every process through SignInAttempts. Each
 * attempt takes a slot of both keys before the password is checked, so concurrent attempts cannot pass
 * the limit together; a throttled attempt takes none. Across a window boundary an attacker may fit up to
 * twice the limit in a short burst, never more than the limit per window. Keys are SHA-256 hashes, so
 * the store holds no addresses.
 */
export class SignInThrottle {
  private purgedAt = 0;

  constructor(
    private readonly attempts: SignInAttempts,
    private readonly limits: SignInLimits,
    private readonly now: () => number,
  ) {}

  /** Counts the attempt, or throws SIGN_IN_THROTTLED (429) with Retry-After: the seconds until the window ends. */
  async admit(email: string, address: string): Promise<AdmittedSignIn> {
    const now = this.now();
    this.purgeNowAndThen(now);
    const index = Math.floor(now / this.limits.windowMs);
    const window: AttemptWindow = { index, expiresAtMs: (index + 1) * this.limits.windowMs };
    const accountKey = `account:${sha256Hex(email)}`;
    const [account, client] = await Promise.all([
      this.attempts.take(accountKey, window, this.limits.perAccount),
      this.attempts.take(`address:${sha256Hex(address)}`, window, this.limits.perAddress),
    ]);
    if (account === null || client === null) {
      // A throttled attempt does not count: the slot it got of the other key goes back.
      await Promise.all(
        [account, client].filter((id): id is string => id !== null).map((id) => this.attempts.release(id)),
      );
      const retryAfter = Math.max(1, Math.ceil((window.expiresAtMs - now) / 1000));
      throw new DomainError('SIGN_IN_THROTTLED', undefined, { 'Retry-After': String(retryAfter) });
    }
    // One good password must not unlock guessing others from the same address: only the account is cleared.
    return {
      succeeded: () =>
        Promise.all([this.attempts.clear(accountKey), this.attempts.release(client)]).then(() => undefined),
    };
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = now;
    void this.attempts.purgeExpired(now).catch(() => undefined); // a failed purge is retried a minute later
  }
}

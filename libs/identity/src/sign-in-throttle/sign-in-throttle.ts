import { sha256Hex } from '../tokens/secret-hash';
import { SignInAttempts } from './sign-in-attempts.port';
import { WindowThrottle } from './window-throttle';

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

/**
 * Sign-in throttling per account (the typed address, known or not, so throttling reveals nothing) and per
 * client address, in fixed windows shared by every process (WindowThrottle). Keys are SHA-256 hashes, so
 * the store holds no addresses.
 */
export class SignInThrottle {
  private readonly windows: WindowThrottle;

  constructor(
    attempts: SignInAttempts,
    private readonly limits: SignInLimits,
    now: () => number,
  ) {
    this.windows = new WindowThrottle(attempts, limits.windowMs, now);
  }

  /** Counts the attempt, or throws SIGN_IN_THROTTLED (429) with Retry-After: the seconds until the window ends. */
  async admit(email: string, address: string): Promise<AdmittedSignIn> {
    const accountKey = `account:${sha256Hex(email)}`;
    const [, client] = await this.windows.takeAll(
      [
        { key: accountKey, limit: this.limits.perAccount },
        { key: `address:${sha256Hex(address)}`, limit: this.limits.perAddress },
      ],
      'SIGN_IN_THROTTLED',
    );
    // One good password must not unlock guessing others from the same address: only the account is cleared.
    return {
      succeeded: () =>
        Promise.all([this.windows.clear(accountKey), this.windows.release(client)]).then(() => undefined),
    };
  }
}

import { clientGroup } from '@lib/net';
import { sha256Hex } from '../tokens/secret-hash';
import { SignInAttempts } from './sign-in-attempts';
import { WindowThrottle } from './window-throttle';

export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
  /** An IPv6 client counts by this prefix of its address (THROTTLE_IPV6_PREFIX_LENGTH). */
  ipv6PrefixLength: number;
}

/** A sign-in attempt let through: counted until it turns out to be a success. */
export interface AdmittedSignIn {
  /**
   * The password was right: the count it was made under is cleared (the account's, or the known client's),
   * and this attempt no longer counts for the address.
   */
  succeeded(): Promise<void>;
}

/**
 * Sign-in throttling per account (the typed address, known or not, so throttling reveals nothing) and per
 * client address (an IPv6 one by its prefix), in fixed windows shared by every process (WindowThrottle).
 * Attempts from a client the account signed in from before count apart from everyone else's, so failures
 * elsewhere (someone guessing) cannot lock the owner out where they usually sign in. Keys are SHA-256
 * hashes, so the store holds no addresses.
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

  /**
   * Counts the attempt, or throws SIGN_IN_THROTTLED (429) with Retry-After: the seconds until the window ends.
   * `knownClients`: the addresses the account's sessions started from (none for an unknown address).
   */
  async admit(email: string, address: string, knownClients: readonly string[] = []): Promise<AdmittedSignIn> {
    const client = this.clientOf(address);
    const everyone = `account:${sha256Hex(email)}`;
    const known = knownClients.some((knownAddress) => this.clientOf(knownAddress) === client);
    const accountKey = known ? `${everyone}:known:${sha256Hex(client)}` : everyone;
    const [, clientSlot] = await this.windows.takeAll(
      [
        { key: accountKey, limit: this.limits.perAccount },
        { key: `address:${sha256Hex(client)}`, limit: this.limits.perAddress },
      ],
      'SIGN_IN_THROTTLED',
    );
    // One good password must not unlock guessing others from the same address: only the account's key this
    // attempt counted on is cleared (the owner signing in where they usually do leaves a guesser's count as it is).
    return {
      succeeded: () =>
        Promise.all([this.windows.clear(accountKey), this.windows.release(clientSlot)]).then(() => undefined),
    };
  }

  private clientOf(address: string): string {
    return clientGroup(address, this.limits.ipv6PrefixLength);
  }
}

import { DomainError } from '@lib/common';
import { clientGroup } from '@lib/net';
import type { ApiConfig } from '../api.config';
import { RateGrants } from './rate-limit/rate-grants';
import { SharedRateLimiter } from './rate-limit/shared-rate-limiter';

/**
 * Admin routes, per client address (behind TRUSTED_PROXIES, the forwarded one; an IPv6 one by its prefix,
 * THROTTLE_IPV6_PREFIX_LENGTH): every wrong token
 * spends from the address's bucket (`perMinute` at once, refilled over a minute), and an address whose
 * bucket is empty is answered 429 before its token is even compared, so a right guess after many wrong
 * ones is refused too. Right tokens spend nothing: the operator is never throttled by their own work.
 * The buckets are in RateGrants, the store of the per-key limit, so api replicas on one MongoDB count
 * one address's guesses together instead of allowing each replica its own `perMinute`.
 */
export class AdminGuessThrottle {
  private readonly wrongTokens: SharedRateLimiter;
  /** Per address, the check in progress: one process compares one guess of an address at a time. */
  private readonly checking = new Map<string, Promise<unknown>>();

  constructor(
    grants: RateGrants,
    perMinute: number,
    private readonly ipv6PrefixLength = 64,
  ) {
    // A token per grant (maxBlock 1): each wrong guess is in the store before this process compares the next one.
    this.wrongTokens = new SharedRateLimiter(grants, { perSecond: perMinute / 60, burst: perMinute, maxBlock: 1 });
  }

  /**
   * Runs `verify` (which throws on a wrong token) unless this address has guessed too often. Checks of one
   * address wait for each other, so a burst of concurrent guesses cannot all pass the check before the first
   * is counted; across replicas at most one guess per other replica can be in flight past its check.
   */
  guard(address: string, verify: () => void): Promise<void> {
    const clientAddress = clientGroup(address, this.ipv6PrefixLength);
    const previous = this.checking.get(clientAddress) ?? Promise.resolve();
    const check = previous.then(
      () => this.check(clientAddress, verify),
      () => this.check(clientAddress, verify),
    );
    this.checking.set(clientAddress, check);
    const forget = () => {
      if (this.checking.get(clientAddress) === check) this.checking.delete(clientAddress);
    };
    check.then(forget, forget);
    return check;
  }

  private async check(clientAddress: string, verify: () => void): Promise<void> {
    const key = `admin-guess:${clientAddress}`;
    const before = await storeAnswer(() => this.wrongTokens.peek(key));
    if (!before.allowed) throw throttled(before.retryAfterSeconds);
    try {
      verify();
    } catch (error) {
      if (error instanceof DomainError && error.errorName === 'INVALID_ADMIN_TOKEN')
        await storeAnswer(() => this.wrongTokens.take(key));
      throw error;
    }
  }
}

export function createAdminGuessThrottle(config: ApiConfig, grants: RateGrants): AdminGuessThrottle {
  return new AdminGuessThrottle(grants, config.adminMaxFailuresPerAddress, config.throttleIpv6PrefixLength);
}

/** The shared buckets' store is unreachable: refuse as unavailable rather than let guesses through uncounted. */
async function storeAnswer<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch {
    throw new DomainError('SERVICE_UNAVAILABLE');
  }
}

function throttled(retryAfterSeconds: number): DomainError {
  return new DomainError('RATE_LIMITED', undefined, { 'Retry-After': String(retryAfterSeconds) });
}

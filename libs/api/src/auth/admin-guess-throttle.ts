import { DomainError } from '@lib/common';
import { RateLimiter } from './rate-limiter';

/**
 * Admin routes, per client address (behind TRUSTED_PROXIES, the forwarded one): every wrong token
 * spends from the address's bucket (`perMinute` at once, refilled over a minute), and an address whose
 * bucket is empty is answered 429 before its token is even compared, so a right guess after many wrong
 * ones is refused too. Right tokens spend nothing: the operator is never throttled by their own work.
 * In process memory, like the per-key limit.
 */
export class AdminGuessThrottle {
  private readonly wrongTokens: RateLimiter;

  constructor(perMinute: number) {
    this.wrongTokens = new RateLimiter(perMinute / 60, perMinute);
  }

  /** Runs `verify` (which throws on a wrong token) unless this address has guessed too often. */
  guard(clientAddress: string, verify: () => void): void {
    const before = this.wrongTokens.peek(clientAddress);
    if (!before.allowed) throw throttled(before.retryAfterSeconds);
    try {
      verify();
    } catch (error) {
      if (error instanceof DomainError && error.errorName === 'INVALID_ADMIN_TOKEN')
        this.wrongTokens.take(clientAddress);
      throw error;
    }
  }
}

function throttled(retryAfterSeconds: number): DomainError {
  return new DomainError('RATE_LIMITED', undefined, { 'Retry-After': String(retryAfterSeconds) });
}

import type { FastifyReply } from 'fastify';
import type { Principal } from '@lib/accounts';
import { DomainError } from '@lib/common';
import { clientGroup } from '@lib/net';
import type { RateDecision } from './rate-limiter';
import { SharedRateLimiter } from './rate-limit/shared-rate-limiter';

/** The limiters of one api process, each on the shared store (keys never collide: each has its prefix). */
export interface RateLimiters {
  /** Per API key, or per signed-in user on /v1 (RATE_LIMIT_PER_SECOND / _BURST). */
  perKey: SharedRateLimiter;
  /** Per account, over all its keys and users (RATE_LIMIT_ACCOUNT_*). */
  perAccount: SharedRateLimiter;
  /** Per signed-in user on /dashboard/v1, per client address there when anonymous (DASHBOARD_RATE_LIMIT_*). */
  dashboard: SharedRateLimiter;
  /** A publishable key's, spent before the key's own (PUBLISHABLE_RATE_LIMIT_*). */
  publishable: {
    /** Per visitor (client address, IPv6 by prefix) of one key, per minute. */
    perVisitor: SharedRateLimiter;
    perKeyPerMinute: SharedRateLimiter;
    perKeyPerDay: SharedRateLimiter;
  };
}

/** Which bucket refused: `error.limit` of a 429, for the publishable buckets (a widget says "try later" or not). */
type BucketName = 'visitor' | 'minute' | 'day';
type Bucket = [SharedRateLimiter, string, BucketName?];

/**
 * Every request's rate limits. A /v1 request spends from its key's bucket (a signed-in user's, whatever
 * the number of their sessions) and from its account's, so neither more keys nor more sessions buy more
 * than the account's rate. A /dashboard/v1 request spends from its user's bucket, or anonymous from its
 * client address's (an IPv6 one by its prefix). A publishable key's request first spends from its visitor's
 * bucket (per key), then the key's minute and day. 429 (code 1201) with Retry-After once one is empty; the
 * RateLimit-* headers describe the bucket nearer to empty.
 */
export class RateLimits {
  constructor(
    private readonly limiters: RateLimiters,
    private readonly ipv6PrefixLength: number,
  ) {}

  async v1(principal: Principal, reply: FastifyReply, clientAddress: string): Promise<void> {
    const own = principal.keyId.startsWith('session:') ? `user:${principal.userId}` : `key:${principal.keyId}`;
    await this.spend(reply, [
      ...(principal.kind === 'publishable' ? this.publishableBuckets(principal.keyId, clientAddress) : []),
      [this.limiters.perKey, own],
      [this.limiters.perAccount, `account:${principal.accountId}`],
    ]);
  }

  /**
   * A visitor first, so one visitor's burst is refused before it spends the key's minute and day, which every
   * visitor of the site shares; the day last, as the scarcest.
   */
  private publishableBuckets(keyId: string, clientAddress: string): Bucket[] {
    const { perVisitor, perKeyPerMinute, perKeyPerDay } = this.limiters.publishable;
    const visitor = clientGroup(clientAddress, this.ipv6PrefixLength);
    return [
      [perVisitor, `pub-visitor:${keyId}:${visitor}`, 'visitor'],
      [perKeyPerMinute, `pub-minute:${keyId}`, 'minute'],
      [perKeyPerDay, `pub-day:${keyId}`, 'day'],
    ];
  }

  async dashboardUser(userId: string, reply: FastifyReply): Promise<void> {
    await this.spend(reply, [[this.limiters.dashboard, `dashboard-user:${userId}`]]);
  }

  async dashboardClient(address: string, reply: FastifyReply): Promise<void> {
    const client = clientGroup(address, this.ipv6PrefixLength);
    await this.spend(reply, [[this.limiters.dashboard, `dashboard-client:${client}`]]);
  }

  /** Takes a token of each bucket in turn; the first refusal answers (the buckets after it are not spent). */
  private async spend(reply: FastifyReply, buckets: Bucket[]): Promise<void> {
    let shown: RateDecision | null = null;
    let refusedBy: BucketName | undefined;
    for (const [limiter, key, name] of buckets) {
      const decision = await take(limiter, key);
      if (!shown || !decision.allowed || decision.remaining < shown.remaining) shown = decision;
      if (!decision.allowed) {
        refusedBy = name;
        break;
      }
    }
    reply.header('RateLimit-Limit', String(shown!.limit));
    reply.header('RateLimit-Remaining', String(shown!.remaining));
    reply.header('RateLimit-Reset', String(shown!.resetSeconds));
    if (!shown!.allowed)
      throw new DomainError(
        'RATE_LIMITED',
        undefined,
        { 'Retry-After': String(shown!.retryAfterSeconds) },
        refusedBy && { limit: refusedBy },
      );
  }
}

async function take(limiter: SharedRateLimiter, key: string): Promise<RateDecision> {
  try {
    return await limiter.take(key);
  } catch {
    // The shared bucket's store is unreachable: refuse as unavailable rather than serve without a limit.
    throw new DomainError('SERVICE_UNAVAILABLE');
  }
}

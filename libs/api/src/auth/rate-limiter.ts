/** Outcome of one request against a key's bucket; fields feed the RateLimit-* headers. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a full bucket (RateLimit-Reset) */
  resetSeconds: number;
  /** Seconds until the next request would be allowed (Retry-After) when refused. */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token bucket per client address, in process memory: the admin token's guess throttle. (The per-API-key
 * limit is SharedRateLimiter, whose buckets every api replica shares.)
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string, cost = 1): RateDecision {
    return this.decide(key, cost, true);
  }

  /** What `take` would answer, spending nothing: a caller that charges only some requests asks first. */
  peek(key: string, cost = 1): RateDecision {
    return this.decide(key, cost, false);
  }

  private decide(key: string, cost: number, spend: boolean): RateDecision {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond);
    bucket.updatedAt = now;
    const allowed = bucket.tokens >= cost;
    if (allowed && spend) bucket.tokens -= cost;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 100_000) this.evictFull(now);
    return {
      allowed,
      limit: this.burst,
      remaining: Math.max(0, Math.floor(bucket.tokens)),
      resetSeconds: Math.ceil((this.burst - bucket.tokens) / this.perSecond),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((cost - bucket.tokens) / this.perSecond)),
    };
  }

  // Buckets that have refilled are equivalent to absent ones; dropping them bounds memory.
  private evictFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    }
  }
}

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

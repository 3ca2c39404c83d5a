import type { RateDecision } from '../rate-limiter';
import { RateGrants } from './rate-grants';

export interface SharedRateLimiterOptions {
  perSecond: number;
  burst: number;
  /**
   * Most tokens one grant takes from the shared bucket for this process to spend without asking again.
   * 1 asks the store per request; more saves round trips to a shared store but lets tokens a process did
   * not spend within `leaseMs` go unused (the limit errs strict, never loose).
   */
  maxBlock: number;
  /** How long granted tokens may be spent. Default 1 s. */
  leaseMs?: number;
  now?: () => number;
}

/** What this process holds of one key's bucket. */
interface Lease {
  tokens: number;
  usableUntilMs: number;
  grantedAtMs: number;
  /** Tokens left in the shared bucket after the last grant, and when it is full again. */
  bucketRemaining: number;
  bucketFullAtMs: number;
  /** Known without asking: no token before this. */
  deniedUntilMs: number;
  /** Tokens asked for per grant: doubled while a block is spent fast, halved when one goes unspent. */
  block: number;
  pending: Promise<void> | null;
}

/** Grants lost to other processes in a row before the bucket counts as spent for an interval. */
const MAX_GRANT_TRIES = 20;
/** A grant is kept this long after its bucket is full again (a reader that saw it may still be deciding). */
const KEEP_GRANTS_MS = 60_000;
const PURGE_EVERY_MS = 60_000;

/**
 * Token bucket per API key: `burst` requests at once, refilled at `perSecond`, held in RateGrants so every
 * api process on one store spends the same bucket (GCRA: the bucket is the time it is full again). Each
 * process takes tokens in small blocks and spends them locally, so a busy key costs the store one grant per
 * block, not one round trip per request; a refused key is remembered until its next token is due.
 */
export class SharedRateLimiter {
  private readonly leases = new Map<string, Lease>();
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  private readonly now: () => number;
  private purgedAt = 0;

  constructor(
    private readonly grants: RateGrants,
    private readonly options: SharedRateLimiterOptions,
  ) {
    this.intervalMs = 1000 / options.perSecond;
    this.toleranceMs = options.burst * this.intervalMs;
    this.now = options.now ?? Date.now;
  }

  async take(key: string): Promise<RateDecision> {
    const lease = this.leaseOf(key);
    for (;;) {
      const now = this.now();
      if (lease.tokens > 0 && now < lease.usableUntilMs) {
        lease.tokens--;
        return this.decision(true, lease, now);
      }
      if (now < lease.deniedUntilMs) return this.decision(false, lease, now);
      if (!lease.pending) {
        this.adaptBlock(lease, now);
        lease.pending = this.grant(key, lease).finally(() => (lease.pending = null));
      }
      await lease.pending;
    }
  }

  /**
   * What `take` would answer now, spending nothing: for a caller that charges only some requests (the admin
   * token's wrong guesses). Asks the store unless this process already holds tokens or knows the key is refused.
   */
  async peek(key: string): Promise<RateDecision> {
    const lease = this.leaseOf(key);
    const now = this.now();
    if (lease.tokens > 0 && now < lease.usableUntilMs) return this.decision(true, lease, now);
    if (now < lease.deniedUntilMs) return this.decision(false, lease, now);
    const latest = await this.grants.latest(key);
    const fullAt = Math.max(latest?.tatMs ?? now, now);
    const available = this.available(now, fullAt);
    if (available < 1) {
      this.refuse(lease, fullAt);
      return this.decision(false, lease, now);
    }
    Object.assign(lease, { bucketRemaining: available, bucketFullAtMs: fullAt });
    return this.decision(true, lease, now);
  }

  private async grant(key: string, lease: Lease): Promise<void> {
    this.purgeNowAndThen(this.now());
    for (let tries = 0; tries < MAX_GRANT_TRIES; tries++) {
      const latest = await this.grants.latest(key);
      const now = this.now();
      const fullAt = Math.max(latest?.tatMs ?? now, now);
      const available = this.available(now, fullAt);
      if (available < 1) {
        this.refuse(lease, fullAt);
        return;
      }
      const taken = Math.min(lease.block, available);
      const grant = { seq: (latest?.seq ?? -1) + 1, tatMs: fullAt + taken * this.intervalMs };
      if (await this.grants.record(key, grant, grant.tatMs + KEEP_GRANTS_MS)) {
        Object.assign(lease, { tokens: taken, grantedAtMs: now, usableUntilMs: now + (this.options.leaseMs ?? 1000) });
        Object.assign(lease, { bucketRemaining: available - taken, bucketFullAtMs: grant.tatMs, deniedUntilMs: 0 });
        return;
      }
    }
    // Every try lost to another process: the bucket is being emptied as fast as it is read.
    lease.deniedUntilMs = this.now() + this.intervalMs;
  }

  /** Whole tokens in a bucket that is full again at `fullAt`. */
  private available(now: number, fullAt: number): number {
    return Math.floor((now + this.toleranceMs - fullAt) / this.intervalMs + 1e-9);
  }

  /** Remembers an empty bucket: no token before its next one is due. */
  private refuse(lease: Lease, fullAt: number): void {
    Object.assign(lease, { tokens: 0, bucketRemaining: 0, bucketFullAtMs: fullAt });
    lease.deniedUntilMs = fullAt + this.intervalMs - this.toleranceMs;
  }

  private adaptBlock(lease: Lease, now: number): void {
    if (lease.tokens > 0) lease.block = Math.max(1, Math.floor(lease.block / 2));
    else if (lease.grantedAtMs > 0 && now - lease.grantedAtMs < 250)
      lease.block = Math.min(this.options.maxBlock, lease.block * 2);
    lease.tokens = 0;
  }

  private decision(allowed: boolean, lease: Lease, now: number): RateDecision {
    return {
      allowed,
      limit: this.options.burst,
      remaining: allowed ? Math.max(0, lease.bucketRemaining + lease.tokens) : 0,
      resetSeconds: Math.ceil(Math.max(0, lease.bucketFullAtMs - now) / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((lease.deniedUntilMs - now) / 1000)),
    };
  }

  private leaseOf(key: string): Lease {
    let lease = this.leases.get(key);
    if (!lease) {
      if (this.leases.size >= 100_000) this.evictIdle(this.now());
      lease = {
        tokens: 0,
        usableUntilMs: 0,
        grantedAtMs: 0,
        bucketRemaining: 0,
        bucketFullAtMs: 0,
        deniedUntilMs: 0,
        block: 1,
        pending: null,
      };
      this.leases.set(key, lease);
    }
    return lease;
  }

  // A lease with nothing to spend and nothing to remember is the same as none; dropping them bounds memory.
  private evictIdle(now: number): void {
    for (const [key, lease] of this.leases) {
      if (!lease.pending && now >= lease.usableUntilMs && now >= lease.deniedUntilMs) this.leases.delete(key);
    }
  }

  private purgeNowAndThen(now: number): void {
    if (now - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = now;
    void this.grants.purgeExpired(now).catch(() => undefined); // a failed purge is tried again a minute later
  }
}

import { SlotStore } from '@lib/slots';

/**
 * One grant of tokens from a key's bucket. The bucket is kept as its theoretical arrival time (GCRA): the
 * moment it would be full again, `tatMs`. A grant of n tokens moves it n emission intervals later.
 */
export interface RateGrant {
  /** 0, 1, 2, ... per key: the store keeps one grant per number, so two processes cannot both take the next. */
  seq: number;
  tatMs: number;
}

/**
 * The grants of every API key's token bucket, shared by every api process that uses the same store (the
 * process's memory when the read models are embedded, which allows one process; MongoDB for a cluster), so
 * N api replicas allow a key the documented rate, not N times it. Granting is optimistic, like an append
 * with an expected revision: read the latest grant, take the next number as a slot of the key (its
 * bucket time kept with it); of two processes taking the same number one wins and the other reads again.
 */
export class RateGrants {
  constructor(private readonly slots: SlotStore) {}

  /** The store is a round trip away: limiters take tokens in blocks rather than one per request. */
  get remote(): boolean {
    return this.slots.remote;
  }

  /** The grant with the highest number of `key`, or null when it has none (a full bucket). */
  async latest(key: string): Promise<RateGrant | null> {
    const newest = await this.slots.last(key);
    return newest ? { seq: newest.n, tatMs: newest.value } : null;
  }

  /**
   * Stores `grant` of `key` unless that number is already taken: false when another process stored it
   * first. `expiresAtMs`: when the grant no longer matters (its bucket is full again), for purgeExpired.
   */
  record(key: string, grant: RateGrant, expiresAtMs: number): Promise<boolean> {
    return this.slots.insert({ group: key, n: grant.seq, holder: '', expiresAtMs, value: grant.tatMs });
  }

  /** Deletes the grants that expired at or before `nowMs`; how many. */
  purgeExpired(nowMs: number): Promise<number> {
    return this.slots.purgeExpired(nowMs);
  }

  /** One store serves every limit of the process; Nest closes it once, at shutdown. */
  onApplicationShutdown(): Promise<void> {
    return this.slots.close();
  }
}

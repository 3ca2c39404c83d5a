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
 * with an expected revision: read the latest grant, insert the next number; of two processes inserting the
 * same number one wins and the other reads again. Only plain inserts, finds and deletes are used: FerretDB
 * 1.24 runs an update's `$inc` as a read and a write (concurrent increments are lost) and has no TTL index.
 */
export abstract class RateGrants {
  /** The grant with the highest number of `key`, or null when it has none (a full bucket). */
  abstract latest(key: string): Promise<RateGrant | null>;
  /**
   * Stores `grant` of `key` unless that number is already taken: false when another process stored it
   * first. `expiresAtMs`: when the grant no longer matters (its bucket is full again), for purgeExpired.
   */
  abstract record(key: string, grant: RateGrant, expiresAtMs: number): Promise<boolean>;
  /** Deletes the grants that expired at or before `nowMs`; how many. */
  abstract purgeExpired(nowMs: number): Promise<number>;
  abstract close(): Promise<void>;

  /** One store serves every limit of the process; Nest closes it once, at shutdown. */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/** The store's id of grant `seq` of `key`: unique, so only one process can record it. */
export const grantId = (key: string, seq: number): string => `${key}|${seq}`;

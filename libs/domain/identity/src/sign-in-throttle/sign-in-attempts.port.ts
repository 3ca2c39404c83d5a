/** A fixed window of time: its index (time / window length) and when its slots may be deleted. */
export interface AttemptWindow {
  index: number;
  expiresAtMs: number;
}

/**
 * Counted sign-in attempts, shared by every process that uses the same store (the SQLite file of one
 * machine, or MongoDB for a cluster), so N API processes give an attacker no more attempts than one.
 * An attempt takes a numbered slot of its key's window: a slot exists once (the store's unique id is the
 * arbiter), so the limit holds under concurrent attempts from any number of processes. It relies on
 * plain inserts and deletes only: FerretDB 1.24 runs `$inc` in findAndModify as a read and a write
 * (concurrent increments are lost) and implements no TTL index, so neither is used.
 */
export abstract class SignInAttempts {
  /** Takes a free one of the first `limit` slots of `key` in the window: its id, or null when all are taken. */
  abstract take(key: string, window: AttemptWindow, limit: number): Promise<string | null>;
  /** Gives a slot back (an attempt that no longer counts); an unknown id changes nothing. */
  abstract release(slotId: string): Promise<void>;
  /** Gives back every slot of `key` in every window. */
  abstract clear(key: string): Promise<void>;
  /** Deletes the slots of windows that expired at or before `nowMs`; how many. */
  abstract purgeExpired(nowMs: number): Promise<number>;
  abstract close(): Promise<void>;
}

/** The id of slot `n` of a key's window: unique in the store, so only one attempt can take it. */
export const slotId = (key: string, windowIndex: number, n: number): string => `${key}|${windowIndex}|${n}`;

/** The smallest slot number below `limit` that is not taken, or null. */
export function firstFreeSlot(taken: Iterable<number>, limit: number): number | null {
  const used = new Set(taken);
  for (let n = 0; n < limit; n++) if (!used.has(n)) return n;
  return null;
}

/**
 * One entry of a SlotStore: number `n` of `group`, held by `holder` until `expiresAtMs`. A slot has a number
 * of 0 or more and is taken by inserting it; a note has a negative number and is written over (see note).
 */
export interface Slot {
  /** What the slot is one of (an API key's bucket, a key's window of attempts, an MX pool): counted together. */
  group: string;
  n: number;
  /** Who took it: only they release it, and renewing keeps their slots alive. '' for nobody in particular. */
  holder: string;
  /** From this moment on the slot is free again, and purgeExpired deletes it. */
  expiresAtMs: number;
  /** What the user keeps with it (a rate grant's bucket time, a recorded connection cap); 0 when nothing. */
  value: number;
}

/** What names a taken slot to release it. */
export type SlotRef = Pick<Slot, 'group' | 'n' | 'holder'>;

/**
 * Numbered slots that processes sharing one store take by inserting a unique id (group and number): of two
 * processes inserting the same one, exactly one succeeds, so a limit holds across any number of them. It
 * serves the API rate limits (a grant per number), the sign-in and mail throttles (a slot per attempt in a
 * window) and the SMTP sessions per MX (a slot per connection, renewed while held). Only plain inserts, finds,
 * deletes and whole-document writes are used: FerretDB 1.24 runs an update's `$inc` as a read and a write
 * (concurrent increments are lost) and has no TTL index, so expired slots are deleted by the store's users.
 */
export abstract class SlotStore {
  /**
   * A round trip away from this process (a database server), rather than in it: callers that take often
   * take in blocks when it is.
   */
  abstract readonly remote: boolean;

  /** Takes `slot` unless its number of its group is already stored: false when another took it first. */
  abstract insert(slot: Slot): Promise<boolean>;
  /**
   * Writes a note about a group (a negative `n`): the latest write replaces what that number held, and
   * takes never count it. Its holder is who wrote it: renewing and releaseAll leave notes alone.
   */
  abstract note(note: Slot): Promise<void>;
  /** The live slots and notes of `group` at `nowMs`, by number; expired ones are deleted on the way. */
  abstract list(group: string, nowMs: number): Promise<Slot[]>;
  /** The entry of `group` with the highest number, expired or not, or null when it has none. */
  abstract last(group: string): Promise<Slot | null>;
  /** Every live slot and note of every group at `nowMs`. */
  abstract all(nowMs: number): Promise<Slot[]>;
  /** Frees a slot its holder took; a slot that expired and went to another holder is left alone. */
  abstract release(slot: SlotRef): Promise<void>;
  /** Frees every slot `holder` holds, in every group. */
  abstract releaseAll(holder: string): Promise<void>;
  /** Moves the expiry of every slot `holder` holds to `expiresAtMs` (the holder is alive). */
  abstract renew(holder: string, expiresAtMs: number): Promise<void>;
  /** Deletes the slots and notes that expired at or before `nowMs`; how many. */
  abstract purgeExpired(nowMs: number): Promise<number>;
  abstract close(): Promise<void>;

  /**
   * Takes the first free one of the first `limit` slots of `group` for `holder` until `expiresAtMs`: its
   * number, or null when all are held by live holders at `nowMs`. `live`: the group's list when the caller
   * has just read it (to spare a round trip). A lost race moves on to the next free number.
   */
  async take(
    group: string,
    limit: number,
    holder: string,
    nowMs: number,
    expiresAtMs: number,
    live?: Slot[],
  ): Promise<number | null> {
    const held = new Set((live ?? (await this.list(group, nowMs))).filter((s) => s.n >= 0).map((s) => s.n));
    if (held.size >= limit) return null;
    for (let n = 0; n < limit; n++) {
      if (held.has(n)) continue;
      if (await this.insert({ group, n, holder, expiresAtMs, value: 0 })) return n;
    }
    return null;
  }
}

/** Throws unless `entry` is a note (a negative number): a slot is only ever inserted. */
export function assertNote(entry: Slot): void {
  if (!(entry.n < 0)) throw new RangeError(`a note has a negative number, not ${entry.n}`);
}

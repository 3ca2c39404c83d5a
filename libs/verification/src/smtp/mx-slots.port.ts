/**
 * The SMTP connection slots per MX address that every process behind one egress address shares, so two
 * workers on one host (one address the mail server sees) open no more sessions at an MX than one would
 * (SMTP_EGRESS_ID). A slot is taken when a new connection is about to be opened and released once that
 * connection is closed; a session reused for many RCPTs or parked idle keeps its slot. A holder renews its
 * slots while it lives; a slot not renewed by `expiresAtMs` is free again, so a SIGKILLed worker does not
 * starve the others for long.
 *
 * Like RateGrants (libs/api), the arbitration is a plain insert of a unique _id: FerretDB 1.24 runs an
 * update's `$inc` as a read and a write (concurrent increments are lost), scans the collection for every
 * filter and has no TTL index, so counters and expiring indexes are out; inserts, finds and deletes on a
 * collection that holds only the slots held right now (a few per MX) are cheap.
 */
export abstract class MxSlots {
  /**
   * Takes one of the `slots` slots of `pool` (egress id and MX address) for `holder` until `expiresAtMs`:
   * its id, or null when all are held by live holders, or when `connectsPerSecond` slots of the pool were
   * taken in the second before `nowMs` (by any client, released since or not: each take is a new
   * connection). A slot whose expiry passed (`nowMs`) is free. A connection cap recorded for the pool and
   * not expired lowers `slots` to it.
   */
  abstract take(
    pool: string,
    slots: number,
    holder: string,
    nowMs: number,
    expiresAtMs: number,
    connectsPerSecond?: number,
  ): Promise<string | null>;
  /** The slots of `pool` held by live holders at `nowMs`. */
  abstract held(pool: string, nowMs: number): Promise<number>;
  /**
   * The MX of `pool` refused a connection while `cap` sessions from this egress address were open (a 421
   * at the banner): every process takes at most that many slots of it until `untilMs`. The latest record wins.
   */
  abstract recordCap(pool: string, cap: number, untilMs: number): Promise<void>;
  /**
   * `holder` found `pool` full and waits for a slot until about `untilMs`: the marker tells the holders to
   * close the sessions they keep parked there. One marker per pool, the latest replaces it (no counter).
   */
  abstract want(pool: string, holder: string, untilMs: number): Promise<void>;
  /** The pools someone other than `holder` waits for at `nowMs` (their `want` not expired). */
  abstract wanted(holder: string, nowMs: number): Promise<string[]>;
  /**
   * Frees a slot `holder` took; a slot that expired and went to another holder is left alone. Taken less
   * than a second before `nowMs`, its connect still counts against `take`'s connectsPerSecond until then.
   */
  abstract release(slotId: string, holder: string, nowMs: number): Promise<void>;
  /** Moves the expiry of every slot `holder` holds to `expiresAtMs` (the holder is alive). */
  abstract renew(holder: string, expiresAtMs: number): Promise<void>;
  abstract close(): Promise<void>;
}

/** The window of `take`'s connectsPerSecond. */
export const CONNECT_WINDOW_MS = 1_000;

/** The store's id of slot `n` of `pool`: unique, so only one holder can take it. */
export const slotId = (pool: string, n: number): string => `${pool}|${n}`;

/** The pool of one MX address as seen from one egress address. */
export const slotPool = (egressId: string, mxKey: string): string => `${egressId}|${mxKey}`;

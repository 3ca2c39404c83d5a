import { Slot, SlotStore } from '@lib/slots';

/** The numbers of a pool's notes in the slot store: its recorded connection cap, and the marker of a waiter. */
const CAP = -1;
const WANT = -2;

/**
 * The SMTP connection slots per MX address that every process behind one egress address shares, so two
 * workers on one host (one address the mail server sees) open no more sessions at an MX than one would
 * (SMTP_EGRESS_ID). A slot is taken before a new connection is opened; a process keeps the slots it took
 * while it keeps connecting there (SharedMxBudget hands a freed slot to its next connection without asking the
 * store) and gives them back when it stops, or at once when another process waits. A holder renews its slots
 * while it lives; a slot not renewed by `expiresAtMs` is free again, so a SIGKILLed worker does not starve the
 * others for long.
 *
 * The slots are a group per pool in a SlotStore (@lib/slots: process memory embedded, MongoDB with MONGO_URL),
 * where a slot is a plain insert of a unique id; the cap and the waiter's marker are notes of the pool's group.
 * The store holds only the slots held right now (a few per MX, an expired one deleted by the pool's next read),
 * so its reads are cheap, and there are few of them: one take per slot a process starts holding, not one per
 * connection.
 */
export class MxSlots {
  constructor(private readonly store: SlotStore) {}

  /**
   * Takes one of the `slots` slots of `pool` (egress id and MX address) for `holder` until `expiresAtMs`:
   * its id, or null when all are held by live holders. A slot whose expiry passed (`nowMs`) is free. A
   * connection cap recorded for the pool and not expired lowers `slots` to it.
   */
  async take(pool: string, slots: number, holder: string, nowMs: number, expiresAtMs: number): Promise<string | null> {
    const live = await this.store.list(pool, nowMs);
    const cap = live.find((entry) => entry.n === CAP);
    const limit = cap ? Math.min(slots, cap.value) : slots;
    const n = await this.store.take(pool, limit, holder, nowMs, expiresAtMs, live);
    return n === null ? null : slotId(pool, n);
  }

  /** The slots of `pool` held by live holders at `nowMs`. */
  async held(pool: string, nowMs: number): Promise<number> {
    return (await this.store.list(pool, nowMs)).filter((entry) => entry.n >= 0).length;
  }

  /**
   * The MX of `pool` refused a connection while `cap` sessions from this egress address were open (a 421
   * at the banner): every process takes at most that many slots of it until `untilMs`. The latest record wins.
   */
  recordCap(pool: string, cap: number, untilMs: number): Promise<void> {
    return this.store.note({ group: pool, n: CAP, holder: '', expiresAtMs: untilMs, value: cap });
  }

  /**
   * `holder` found `pool` full and waits for a slot until about `untilMs`: the marker tells the holders to
   * give back the slots they keep unused and to close their parked sessions there. One marker per pool, the
   * latest replaces it (no counter); the waiter's renewals do not keep it alive.
   */
  want(pool: string, holder: string, untilMs: number): Promise<void> {
    return this.store.note({ group: pool, n: WANT, holder, expiresAtMs: untilMs, value: 0 });
  }

  /**
   * What `holder` needs to know of every pool at `nowMs`, in one read: how many other live holders hold its
   * slots (they share its connect rate), whether someone else waits for it, and its recorded cap.
   */
  async survey(holder: string, nowMs: number): Promise<Map<string, PoolSurvey>> {
    const survey = new SurveyBuilder(holder);
    for (const entry of await this.store.all(nowMs)) survey.add(entry);
    return survey.result();
  }

  /** Frees a slot `holder` took; a slot that expired and went to another holder is left alone. */
  release(id: string, holder: string): Promise<void> {
    return this.store.release({ group: id.slice(0, id.lastIndexOf('|')), n: slotNumber(id), holder });
  }

  /** Moves the expiry of every slot `holder` holds to `expiresAtMs` (the holder is alive). */
  renew(holder: string, expiresAtMs: number): Promise<void> {
    return this.store.renew(holder, expiresAtMs);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/** One pool as a holder sees it (MxSlots.survey); pools it does not list have none of these. */
export interface PoolSurvey {
  /** Live holders of the pool's slots other than the one asking. */
  otherHolders: number;
  /** Someone other than the one asking waits for a slot (its `want` not expired). */
  wanted: boolean;
  /** The recorded connection cap, null when none is live. */
  cap: number | null;
}

/** The store's id of slot `n` of `pool`: unique, so only one holder can take it. */
export const slotId = (pool: string, n: number): string => `${pool}|${n}`;

/** The number `n` of a slot id (slotId). */
export const slotNumber = (id: string): number => Number(id.slice(id.lastIndexOf('|') + 1));

/** The pool of one MX address as seen from one egress address. */
export const slotPool = (egressId: string, mxKey: string): string => `${egressId}|${mxKey}`;

/** Builds what MxSlots.survey answers from the live slots and notes of the store, one at a time. */
class SurveyBuilder {
  private readonly pools = new Map<string, { holders: Set<string>; wanted: boolean; cap: number | null }>();

  /** `asker`: the holder that asked; its own slots and markers do not count. */
  constructor(private readonly asker: string) {}

  add({ group: pool, n, holder, value }: Slot): void {
    if (n === CAP) this.pool(pool).cap = value;
    else if (n === WANT) {
      if (holder !== this.asker) this.pool(pool).wanted = true;
    } else if (n >= 0 && holder !== this.asker) this.pool(pool).holders.add(holder);
  }

  result(): Map<string, PoolSurvey> {
    const result = new Map<string, PoolSurvey>();
    for (const [pool, { holders, wanted, cap }] of this.pools)
      result.set(pool, { otherHolders: holders.size, wanted, cap });
    return result;
  }

  private pool(pool: string) {
    let entry = this.pools.get(pool);
    if (!entry) this.pools.set(pool, (entry = { holders: new Set(), wanted: false, cap: null }));
    return entry;
  }
}

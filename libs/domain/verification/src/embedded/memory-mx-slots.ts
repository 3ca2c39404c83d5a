import { MxSlots, PoolSurvey, slotId, SurveyBuilder } from '../smtp/mx-slots.port';

type Held = { holder: string; expiresAtMs: number };

/** The storage that MemoryMxSlots clients share, as processes share one MongoDB database. */
export class MemoryMxSlotStore {
  /** The slots held per pool, by slot id. */
  readonly byPool = new Map<string, Map<string, Held>>();
  /** The connection cap recorded per pool. */
  readonly caps = new Map<string, { cap: number; untilMs: number }>();
  /** The marker of a waiter per pool. */
  readonly wants = new Map<string, { holder: string; untilMs: number }>();
}

/**
 * Slots in process memory, for the embedded topology: a process that keeps its data in DATA_DIR holds that
 * directory's lock, so it is the only prober behind its address and shares a budget with no one. The store
 * can be given, so that tests open several clients on one storage as several processes would.
 */
export class MemoryMxSlots extends MxSlots {
  constructor(private readonly store = new MemoryMxSlotStore()) {
    super();
  }

  async take(pool: string, slots: number, holder: string, nowMs: number, expiresAtMs: number): Promise<string | null> {
    const held = this.live(pool, nowMs);
    const cap = this.store.caps.get(pool);
    if (cap && cap.untilMs > nowMs) slots = Math.min(slots, cap.cap);
    if (held.size >= slots) return null;
    for (let n = 0; n < slots; n++) {
      const id = slotId(pool, n);
      if (held.has(id)) continue;
      held.set(id, { holder, expiresAtMs });
      return id;
    }
    return null;
  }

  async held(pool: string, nowMs: number): Promise<number> {
    return this.live(pool, nowMs).size;
  }

  async recordCap(pool: string, cap: number, untilMs: number): Promise<void> {
    this.store.caps.set(pool, { cap, untilMs });
  }

  async want(pool: string, holder: string, untilMs: number): Promise<void> {
    this.store.wants.set(pool, { holder, untilMs });
  }

  async survey(holder: string, nowMs: number): Promise<Map<string, PoolSurvey>> {
    const survey = new SurveyBuilder(holder);
    for (const pool of this.store.byPool.keys())
      for (const slot of this.live(pool, nowMs).values()) survey.slotHeld(pool, slot.holder);
    for (const [pool, want] of this.store.wants) if (want.untilMs > nowMs) survey.wantedBy(pool, want.holder);
    for (const [pool, cap] of this.store.caps) if (cap.untilMs > nowMs) survey.capped(pool, cap.cap);
    return survey.result();
  }

  async release(id: string, holder: string): Promise<void> {
    for (const held of this.store.byPool.values()) if (held.get(id)?.holder === holder) held.delete(id);
  }

  async renew(holder: string, expiresAtMs: number): Promise<void> {
    for (const held of this.store.byPool.values())
      for (const slot of held.values()) if (slot.holder === holder) slot.expiresAtMs = expiresAtMs;
  }

  async close(): Promise<void> {}

  /** The pool's slots, those whose holder stopped renewing them dropped. */
  private live(pool: string, nowMs: number): Map<string, Held> {
    let held = this.store.byPool.get(pool);
    if (!held) this.store.byPool.set(pool, (held = new Map()));
    for (const [id, slot] of held) if (slot.expiresAtMs <= nowMs) held.delete(id);
    return held;
  }
}

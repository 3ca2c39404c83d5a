import { CONNECT_WINDOW_MS, MxSlots, slotId } from '../smtp/mx-slots.port';

type Held = { holder: string; expiresAtMs: number };

/** The storage that MemoryMxSlots clients share, as processes share one MongoDB database. */
export class MemoryMxSlotStore {
  /** The slots held per pool, by slot id. */
  readonly byPool = new Map<string, Map<string, Held>>();
  /** The connection cap recorded per pool. */
  readonly caps = new Map<string, { cap: number; untilMs: number }>();
  /** The marker of a waiter per pool. */
  readonly wants = new Map<string, { holder: string; untilMs: number }>();
  /** When the pool's slots were taken, for the last CONNECT_WINDOW_MS. */
  readonly takenAt = new Map<string, number[]>();
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

  async take(
    pool: string,
    slots: number,
    holder: string,
    nowMs: number,
    expiresAtMs: number,
    connectsPerSecond = Infinity,
  ): Promise<string | null> {
    const held = this.live(pool, nowMs);
    const cap = this.store.caps.get(pool);
    if (cap && cap.untilMs > nowMs) slots = Math.min(slots, cap.cap);
    const takenAt = (this.store.takenAt.get(pool) ?? []).filter((at) => at > nowMs - CONNECT_WINDOW_MS);
    this.store.takenAt.set(pool, takenAt);
    if (held.size >= slots || takenAt.length >= connectsPerSecond) return null;
    for (let n = 0; n < slots; n++) {
      const id = slotId(pool, n);
      if (held.has(id)) continue;
      held.set(id, { holder, expiresAtMs });
      takenAt.push(nowMs);
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

  async wanted(holder: string, nowMs: number): Promise<string[]> {
    return [...this.store.wants]
      .filter(([, want]) => want.holder !== holder && want.untilMs > nowMs)
      .map(([pool]) => pool);
  }

  /** The take times are kept apart from the slots, so a released slot's connect still counts (nowMs unused). */
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

import { MxSlots, slotId } from '../smtp/mx-slots.port';

type Held = { holder: string; expiresAtMs: number };

/**
 * Slots in process memory, for the embedded topology: a process that keeps its data in DATA_DIR holds that
 * directory's lock, so it is the only prober behind its address and shares a budget with no one. The map
 * can be given, so that tests open several clients on one storage as several processes would.
 */
export class MemoryMxSlots extends MxSlots {
  /** `byPool`: the slots held per pool, by slot id; `caps`: the connection cap recorded per pool; `wants`: its waiter's marker. */
  constructor(
    private readonly byPool = new Map<string, Map<string, Held>>(),
    private readonly caps = new Map<string, { cap: number; untilMs: number }>(),
    private readonly wants = new Map<string, { holder: string; untilMs: number }>(),
  ) {
    super();
  }

  async take(pool: string, slots: number, holder: string, nowMs: number, expiresAtMs: number): Promise<string | null> {
    const held = this.live(pool, nowMs);
    const cap = this.caps.get(pool);
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
    this.caps.set(pool, { cap, untilMs });
  }

  async want(pool: string, holder: string, untilMs: number): Promise<void> {
    this.wants.set(pool, { holder, untilMs });
  }

  async wanted(holder: string, nowMs: number): Promise<string[]> {
    return [...this.wants].filter(([, want]) => want.holder !== holder && want.untilMs > nowMs).map(([pool]) => pool);
  }

  async release(id: string, holder: string): Promise<void> {
    for (const held of this.byPool.values()) if (held.get(id)?.holder === holder) held.delete(id);
  }

  async renew(holder: string, expiresAtMs: number): Promise<void> {
    for (const held of this.byPool.values())
      for (const slot of held.values()) if (slot.holder === holder) slot.expiresAtMs = expiresAtMs;
  }

  async close(): Promise<void> {}

  /** The pool's slots, those whose holder stopped renewing them dropped. */
  private live(pool: string, nowMs: number): Map<string, Held> {
    let held = this.byPool.get(pool);
    if (!held) this.byPool.set(pool, (held = new Map()));
    for (const [id, slot] of held) if (slot.expiresAtMs <= nowMs) held.delete(id);
    return held;
  }
}

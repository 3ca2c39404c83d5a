import { assertNote, Slot, SlotRef, SlotStore } from '../slot-store.port';

/** Each group's slots and notes, in the order of their numbers: what MemorySlots clients share. */
export type MemorySlotStorage = Map<string, Slot[]>;

/**
 * Slots in this process's memory, for the embedded topology where one process has them to itself (DATA_DIR's
 * lock makes it the only api or worker): the rate limits take a slot per request, which a map does in about a
 * microsecond and SQLite in ten or more. The storage can be given, so that tests open several clients on one
 * storage as several processes would.
 */
export class MemorySlots extends SlotStore {
  readonly remote = false;

  constructor(private readonly groups: MemorySlotStorage = new Map()) {
    super();
  }

  async insert(slot: Slot): Promise<boolean> {
    const slots = this.groupOf(slot.group);
    const at = firstAtOrAbove(slots, slot.n);
    if (slots[at]?.n === slot.n) return false;
    slots.splice(at, 0, { ...slot });
    return true;
  }

  async note(note: Slot): Promise<void> {
    assertNote(note);
    const slots = this.groupOf(note.group);
    const at = firstAtOrAbove(slots, note.n);
    slots.splice(at, slots[at]?.n === note.n ? 1 : 0, { ...note });
  }

  async list(group: string, nowMs: number): Promise<Slot[]> {
    const slots = this.groups.get(group);
    if (!slots) return [];
    const live = slots.filter((slot) => slot.expiresAtMs > nowMs);
    this.keep(group, live);
    return live.map((slot) => ({ ...slot }));
  }

  async last(group: string): Promise<Slot | null> {
    const newest = this.groups.get(group)?.at(-1);
    return newest ? { ...newest } : null;
  }

  async all(nowMs: number): Promise<Slot[]> {
    return [...this.groups.values()]
      .flat()
      .filter((slot) => slot.expiresAtMs > nowMs)
      .map((slot) => ({ ...slot }));
  }

  async release({ group, n, holder }: SlotRef): Promise<void> {
    const slots = this.groups.get(group);
    if (!slots || n < 0) return;
    const at = firstAtOrAbove(slots, n);
    if (slots[at]?.n === n && slots[at].holder === holder) slots.splice(at, 1);
  }

  async releaseAll(holder: string): Promise<void> {
    for (const [group, slots] of this.groups)
      this.keep(
        group,
        slots.filter((s) => s.n < 0 || s.holder !== holder),
      );
  }

  async renew(holder: string, expiresAtMs: number): Promise<void> {
    for (const slots of this.groups.values())
      for (const slot of slots) if (slot.n >= 0 && slot.holder === holder) slot.expiresAtMs = expiresAtMs;
  }

  async purgeExpired(nowMs: number): Promise<number> {
    let purged = 0;
    for (const [group, slots] of this.groups) {
      const live = slots.filter((slot) => slot.expiresAtMs > nowMs);
      purged += slots.length - live.length;
      this.keep(group, live);
    }
    return purged;
  }

  async close(): Promise<void> {}

  private groupOf(group: string): Slot[] {
    let slots = this.groups.get(group);
    if (!slots) this.groups.set(group, (slots = []));
    return slots;
  }

  private keep(group: string, slots: Slot[]): void {
    if (slots.length) this.groups.set(group, slots);
    else this.groups.delete(group);
  }
}

/**
 * The index of the first entry numbered `n` or higher (slots.length when none is). A busy key of the rate limits
 * holds a minute of grants, so the place is found by halving (the next number goes at the end), not by a scan.
 */
function firstAtOrAbove(slots: Slot[], n: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (slots[mid].n < n) low = mid + 1;
    else high = mid;
  }
  return low;
}

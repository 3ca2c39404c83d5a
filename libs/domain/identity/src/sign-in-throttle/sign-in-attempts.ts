import { SlotRef, SlotStore } from '@lib/slots';

/** A fixed window of time: its index (time / window length) and when its slots may be deleted. */
export interface AttemptWindow {
  index: number;
  expiresAtMs: number;
}

/** A counted attempt: the slot it took, to give back when it no longer counts. */
export type AttemptSlot = SlotRef;

/**
 * Counted sign-in attempts (and mails, password hashes, invitations), shared by every process that uses the
 * same slot store (the SQLite file of one machine, or MongoDB for a cluster), so N API processes give an
 * attacker no more attempts than one. An attempt takes a numbered slot of its key's window: a slot exists
 * once (the store's unique id is the arbiter), so the limit holds under concurrent attempts from any number
 * of processes. The key holds its slots, so clearing a key frees them in every window.
 */
export class SignInAttempts {
  constructor(private readonly slots: SlotStore) {}

  /** Takes a free one of the first `limit` slots of `key` in the window, or null when all are taken. */
  async take(key: string, window: AttemptWindow, limit: number, nowMs: number): Promise<AttemptSlot | null> {
    const group = `${key}|${window.index}`;
    const n = await this.slots.take(group, limit, key, nowMs, window.expiresAtMs);
    return n === null ? null : { group, n, holder: key };
  }

  /** Gives a slot back (an attempt that no longer counts); one already given back changes nothing. */
  release(slot: AttemptSlot): Promise<void> {
    return this.slots.release(slot);
  }

  /** Gives back every slot of `key` in every window. */
  clear(key: string): Promise<void> {
    return this.slots.releaseAll(key);
  }

  /** Deletes the slots of windows that expired at or before `nowMs`; how many. */
  purgeExpired(nowMs: number): Promise<number> {
    return this.slots.purgeExpired(nowMs);
  }

  close(): Promise<void> {
    return this.slots.close();
  }
}

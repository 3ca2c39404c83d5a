import { randomUUID } from 'node:crypto';
import type { ProbeLane } from './probe-lane';
import { MxSlots, PoolSurvey, slotNumber, slotPool } from './mx-slots';

// A holder renews its slots this often and they stay held this long after the last renewal: a worker killed
// with SIGKILL frees its slots for the others within LEASE_MS, while a live one (renewing 3 times per lease)
// keeps them through a slow store round trip.
const RENEW_MS = 5_000;
const LEASE_MS = 15_000;
// While it holds slots, the process reads every pool's state (MxSlots.survey) this often: a process that
// waits for an MX gets the slots we keep unused within about this, and a process that starts sharing an MX
// halves our connect rate there within about this too.
const SURVEY_MS = 500;
// A slot whose connection closed is kept this long for the process's next connection to the same MX (a bulk
// job opens one every few milliseconds there), instead of a release and a take in the store per connection;
// unused by then, or wanted by another process, it goes back.
const SPARE_MS = 2_000;
// A connection we dropped before the server closed it (destroyed, or its QUIT not answered by a close in time)
// still counts at the MX until the server reads our FIN or RST, about half a round trip later: its slot waits
// this long before a new connection may have it.
const SETTLE_MS = 250;
// Between two tries at a full pool: interactive callers look again sooner than bulk ones (their lane goes
// first); jitter spreads the processes' tries. A local release wakes a waiter at once.
const RETRY_MS: Record<ProbeLane, [number, number]> = { interactive: [50, 100], bulk: [100, 200] };
// A process that found an MX's pool full leaves a marker this long, written again at most every half of it
// while it still waits: holders see it at their next survey and give back what they keep unused there.
const WANT_MS = 2_000;
// After a store error (the MongoDB-wire server restarting): try again, no faster than this.
const STORE_ERROR_RETRY_MS = 500;

/**
 * This process's share of the SMTP connection slots per MX address that every process with the same egress
 * id holds together (MxSlots): MxPool takes one before it opens a new connection and releases it once the
 * connection is closed. A released slot stays ours for a moment, so a busy MX costs the store one take per
 * slot, not per connection; the slots are renewed and the pools surveyed in the background while any is held.
 * Waiting for a slot sleeps (backing off, woken early by this process's own releases, interactive callers
 * first) rather than spinning on the store. The connect rate is shared by fair share: `sharers` says how many
 * processes hold the MX's slots, and MxPool paces its connects at the MX's rate divided by that.
 */
export class SharedMxBudget {
  /** This process's name in the store (a restarted process is a new holder: its old slots simply expire). */
  private readonly holder = randomUUID();
  /** Every slot held, in use or spare, with its MX. */
  private readonly owned = new Map<string, string>();
  /** Slots held whose connection closed, per MX, and the timer that gives each back. */
  private readonly spare = new Map<string, string[]>();
  private readonly spareTimers = new Map<string, NodeJS.Timeout>();
  private readonly waiting = new Map<string, Record<ProbeLane, Array<() => void>>>();
  private readonly wantedListeners: Array<(mxKey: string) => void> = [];
  /** The latest survey of the pools (empty until the first, and kept when the store cannot answer). */
  private board = new Map<string, PoolSurvey>();
  private watch: NodeJS.Timeout | null = null;
  private renewedAt = 0;
  /** When this process last marked each pool as wanted (so a waiter writes once per WANT_MS / 2, not per try). */
  private readonly wantMarked = new Map<string, number>();
  /** The slots each MX had at our latest take there (its ceiling, or the recorded cap): what a fair part is of. */
  private readonly slotsAt = new Map<string, number>();

  constructor(
    private readonly slots: MxSlots,
    private readonly egressId: string,
  ) {}

  /**
   * A slot of the MX `mxKey` (address:port) for a new connection, once one of `ceiling()` is free (read at
   * each try, so a cap learned meanwhile counts): a spare of ours first, else one from the store. Resolves
   * with the slot's id.
   */
  async take(mxKey: string, ceiling: () => number, lane: ProbeLane): Promise<string> {
    const pool = slotPool(this.egressId, mxKey);
    for (;;) {
      const slots = Math.min(ceiling(), this.board.get(pool)?.cap ?? Infinity);
      const spare = this.takeSpare(mxKey, slots);
      if (spare) {
        this.slotsAt.set(mxKey, slots);
        return spare;
      }
      const now = Date.now();
      let id: string | null;
      try {
        id = await this.slots.take(pool, slots, this.holder, now, now + LEASE_MS);
      } catch {
        await this.sleep(mxKey, lane, STORE_ERROR_RETRY_MS);
        continue;
      }
      if (id) {
        this.wantMarked.delete(pool);
        this.owned.set(id, mxKey);
        this.slotsAt.set(mxKey, slots);
        this.startWatch();
        return id;
      }
      await this.markWanted(pool, now);
      const [least, most] = RETRY_MS[lane];
      await this.sleep(mxKey, lane, least + Math.random() * (most - least));
    }
  }

  /**
   * The connection of slot `id` is closed (`serverClosed`: the server closed it too, see SETTLE_MS): the slot is
   * kept for our next connection there, or given back when another process waits and we hold more than our
   * fair part of the MX. Within it the slot stays ours while we use it (the next survey gives back a spare
   * still unused): handing every closed connection's slot over made two busy workers on one egress address
   * trade slots at each connection, each trade an idle slot for a store round trip and the other's retry
   * pause, and two workers were slower than one (docs/production.md, "Scaling workers").
   */
  async release(id: string, serverClosed = true): Promise<void> {
    const mxKey = this.owned.get(id);
    if (mxKey === undefined) return;
    if (!serverClosed) {
      setTimeout(() => void this.release(id), SETTLE_MS).unref();
      return;
    }
    if (this.isWanted(mxKey) && this.heldAt(mxKey) > this.fairPart(mxKey)) await this.giveBack(id);
    else this.keepSpare(mxKey, id);
    this.wake(mxKey);
  }

  /** Slots of the MX this process holds, in use or spare. */
  private heldAt(mxKey: string): number {
    let held = 0;
    for (const owner of this.owned.values()) if (owner === mxKey) held++;
    return held;
  }

  /**
   * Our part of the MX's slots while another process waits for one: an even split between us and the other
   * holders, counting the waiter as one when no other process holds any yet. Rounded up, so two processes
   * at a 3-slot MX settle at 2 and 1 instead of handing the third back and forth.
   */
  private fairPart(mxKey: string): number {
    const others = Math.max(1, this.board.get(slotPool(this.egressId, mxKey))?.otherHolders ?? 0);
    return Math.ceil((this.slotsAt.get(mxKey) ?? 1) / (1 + others));
  }

  /** How many processes (this one included) hold slots of the MX, by the latest survey: they share its connect rate. */
  sharers(mxKey: string): number {
    return 1 + (this.board.get(slotPool(this.egressId, mxKey))?.otherHolders ?? 0);
  }

  /** Another process behind this egress address waits for a slot of the MX (by the latest survey). */
  isWanted(mxKey: string): boolean {
    return this.board.get(slotPool(this.egressId, mxKey))?.wanted ?? false;
  }

  /** Calls `listener` with each MX that another process waits for, at each survey that says so. */
  onWanted(listener: (mxKey: string) => void): void {
    this.wantedListeners.push(listener);
  }

  /**
   * Sessions open at the MX from this egress address (all processes), not counting `attempts` slots of
   * connections being opened nor our spare slots; null when the store cannot say.
   */
  async openAt(mxKey: string, attempts: number): Promise<number | null> {
    try {
      const held = await this.slots.held(slotPool(this.egressId, mxKey), Date.now());
      return Math.max(0, held - attempts - (this.spare.get(mxKey)?.length ?? 0));
    } catch {
      return null;
    }
  }

  /** A connection cap this process learned from the MX: every process behind the address keeps to it. */
  async recordCap(mxKey: string, cap: number, untilMs: number): Promise<void> {
    await this.slots.recordCap(slotPool(this.egressId, mxKey), cap, untilMs).catch(() => undefined);
  }

  /** Gives back every slot still held (at shutdown, after the sessions were closed). */
  async close(): Promise<void> {
    this.stopWatch();
    await Promise.all([...this.owned.keys()].map((id) => this.giveBack(id)));
  }

  private takeSpare(mxKey: string, slots: number): string | null {
    const spare = this.spare.get(mxKey);
    while (spare?.length) {
      const id = spare.pop()!;
      clearTimeout(this.spareTimers.get(id));
      this.spareTimers.delete(id);
      if (slotNumber(id) < slots) return id;
      void this.giveBack(id); // above a cap learned since it was taken
    }
    return null;
  }

  private keepSpare(mxKey: string, id: string): void {
    let spare = this.spare.get(mxKey);
    if (!spare) this.spare.set(mxKey, (spare = []));
    spare.push(id);
    const timer = setTimeout(() => void this.giveBack(id), SPARE_MS);
    timer.unref();
    this.spareTimers.set(id, timer);
  }

  private async giveBack(id: string): Promise<void> {
    const mxKey = this.owned.get(id);
    if (mxKey === undefined) return;
    this.owned.delete(id);
    if (this.heldAt(mxKey) === 0) this.slotsAt.delete(mxKey);
    clearTimeout(this.spareTimers.get(id));
    this.spareTimers.delete(id);
    const spare = this.spare.get(mxKey);
    if (spare?.includes(id)) spare.splice(spare.indexOf(id), 1);
    // The store unreachable: the slot expires within LEASE_MS, since it is no longer renewed.
    await this.slots.release(id, this.holder).catch(() => undefined);
  }

  private async markWanted(pool: string, now: number): Promise<void> {
    if (now - (this.wantMarked.get(pool) ?? -Infinity) < WANT_MS / 2) return;
    this.wantMarked.set(pool, now);
    await this.slots.want(pool, this.holder, now + WANT_MS).catch(() => undefined);
  }

  private sleep(mxKey: string, lane: ProbeLane, ms: number): Promise<void> {
    let lanes = this.waiting.get(mxKey);
    if (!lanes) this.waiting.set(mxKey, (lanes = { interactive: [], bulk: [] }));
    const queue = lanes[lane];
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        const at = queue.indexOf(done);
        if (at >= 0) queue.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(done, ms);
      queue.push(done);
    });
  }

  private wake(mxKey: string): void {
    const lanes = this.waiting.get(mxKey);
    (lanes?.interactive[0] ?? lanes?.bulk[0])?.();
  }

  /** While slots are held: renews them, and surveys the pools so that waiters elsewhere get our spares. */
  private startWatch(): void {
    if (this.watch) return;
    let busy = false;
    this.watch = setInterval(() => {
      if (this.owned.size === 0) return this.stopWatch();
      if (busy) return;
      busy = true;
      void this.tick().finally(() => (busy = false));
    }, SURVEY_MS);
    this.watch.unref();
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    if (now - this.renewedAt >= RENEW_MS) {
      this.renewedAt = now;
      await this.slots.renew(this.holder, now + LEASE_MS).catch(() => undefined);
    }
    try {
      this.board = await this.slots.survey(this.holder, now);
    } catch {
      return; // the store cannot say: spares still go back after SPARE_MS, parked sessions at their idle timeout
    }
    for (const mxKey of new Set(this.owned.values())) {
      if (!this.isWanted(mxKey)) continue;
      // Taken off the spare list at once: a slot that a take picks up while these go back must not go back.
      const spare = this.spare.get(mxKey)?.splice(0) ?? [];
      await Promise.all(spare.map((id) => this.giveBack(id)));
      for (const listener of this.wantedListeners) listener(mxKey);
    }
  }

  private stopWatch(): void {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
    this.board = new Map();
  }
}

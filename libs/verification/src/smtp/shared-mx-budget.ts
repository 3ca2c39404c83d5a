import { randomUUID } from 'node:crypto';
import type { ProbeLane } from './probe-lane';
import { MxSlots, slotPool } from './mx-slots.port';

// A holder renews its slots this often and they stay held this long after the last renewal: a worker killed
// with SIGKILL frees its slots for the others within LEASE_MS, while a live one (renewing 3 times per lease)
// keeps them through a slow store round trip.
const RENEW_MS = 5_000;
const LEASE_MS = 15_000;
// Between two tries at a full pool: interactive callers look again sooner than bulk ones (their lane goes
// first); jitter spreads the processes' tries. A local release wakes a waiter at once.
const RETRY_MS: Record<ProbeLane, [number, number]> = { interactive: [50, 100], bulk: [100, 200] };
// A process that found an MX's pool full leaves a marker this long, written again at most every half of it
// while it still waits: holders watching for it close the sessions they keep parked there (see MxPool).
const WANT_MS = 2_000;
// After a store error (the MongoDB-wire server restarting): try again, no faster than this.
const STORE_ERROR_RETRY_MS = 500;

/**
 * This process's share of the SMTP connection slots per MX address that every process with the same egress
 * id holds together (MxSlots): MxPool takes one before it opens a new connection and releases it once the
 * connection is closed. Slots are renewed in the background while held; waiting for one sleeps (backing off,
 * woken early by this process's own releases, interactive callers first) rather than spinning on the store.
 */
export class SharedMxBudget {
  /** This process's name in the store (a restarted process is a new holder: its old slots simply expire). */
  private readonly holder = randomUUID();
  private readonly held = new Map<string, string>();
  private readonly waiting = new Map<string, Record<ProbeLane, Array<() => void>>>();
  private heartbeat: NodeJS.Timeout | null = null;
  /** When this process last marked each pool as wanted (so a waiter writes once per WANT_MS / 2, not per try). */
  private readonly wantMarked = new Map<string, number>();

  constructor(
    private readonly slots: MxSlots,
    private readonly egressId: string,
  ) {}

  /**
   * A slot of the MX `mxKey` (address:port) for a new connection, once one of `ceiling()` is free and fewer
   * than `connectsPerSecond()` connections were opened there in the last second by every process behind the
   * address: both are read at each try, so a cap learned or a rate halved meanwhile counts. Resolves with
   * the slot's id.
   */
  async take(mxKey: string, ceiling: () => number, connectsPerSecond: () => number, lane: ProbeLane): Promise<string> {
    const pool = slotPool(this.egressId, mxKey);
    for (;;) {
      const now = Date.now();
      let id: string | null;
      try {
        id = await this.slots.take(pool, ceiling(), this.holder, now, now + LEASE_MS, connectsPerSecond());
      } catch {
        await this.sleep(mxKey, lane, STORE_ERROR_RETRY_MS);
        continue;
      }
      if (id) {
        this.wantMarked.delete(pool);
        this.held.set(id, mxKey);
        this.startHeartbeat();
        return id;
      }
      await this.markWanted(pool, now);
      const [least, most] = RETRY_MS[lane];
      await this.sleep(mxKey, lane, least + Math.random() * (most - least));
    }
  }

  /**
   * Sessions open at the MX from this egress address (all processes), not counting `attempts` slots of
   * connections being opened; null when the store cannot say.
   */
  async openAt(mxKey: string, attempts: number): Promise<number | null> {
    try {
      return Math.max(0, (await this.slots.held(slotPool(this.egressId, mxKey), Date.now())) - attempts);
    } catch {
      return null;
    }
  }

  /** The MXes (address:port) for which another process behind this egress address waits for a slot. */
  async wantedByOthers(): Promise<Set<string>> {
    const prefix = slotPool(this.egressId, '');
    try {
      const pools = await this.slots.wanted(this.holder, Date.now());
      return new Set(pools.filter((pool) => pool.startsWith(prefix)).map((pool) => pool.slice(prefix.length)));
    } catch {
      return new Set(); // the store cannot say: parked sessions still end at their idle timeout
    }
  }

  /** A connection cap this process learned from the MX: every process behind the address keeps to it. */
  async recordCap(mxKey: string, cap: number, untilMs: number): Promise<void> {
    await this.slots.recordCap(slotPool(this.egressId, mxKey), cap, untilMs).catch(() => undefined);
  }

  /** Frees the slot once its connection is closed, and wakes this process's next waiter for that MX. */
  async release(id: string): Promise<void> {
    const mxKey = this.held.get(id);
    if (mxKey === undefined) return;
    this.held.delete(id);
    try {
      await this.slots.release(id, this.holder, Date.now());
    } catch {
      // The store is unreachable: the slot expires within LEASE_MS, since it is no longer renewed.
    }
    this.wake(mxKey);
  }

  /** Frees every slot still held (at shutdown, after the sessions were closed). */
  async close(): Promise<void> {
    await Promise.all([...this.held.keys()].map((id) => this.release(id)));
    this.stopHeartbeat();
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

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (this.held.size === 0) return this.stopHeartbeat();
      this.slots.renew(this.holder, Date.now() + LEASE_MS).catch(() => undefined);
    }, RENEW_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

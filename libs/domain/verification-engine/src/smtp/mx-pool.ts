import { providerForMx } from '../providers/provider-playbook';
import { SILENT_VERIFICATION_OBSERVER, VerificationObserver } from '../verification-observer';
import { SmtpTransportError } from './smtp-errors';
import { AdaptiveSettings, MxLimits } from './mx-limits';
import { MemorySlots } from '@lib/slots';
import { MxSlots } from './mx-slots';
import type { ProbeLane } from './probe-lane';
import { SharedMxBudget } from './shared-mx-budget';
import { SessionOptions, SmtpRefusedError, SmtpSession } from './smtp-session';

export class MxBackoffError extends Error {
  constructor(readonly untilMs: number) {
    super('mx host is backing off');
  }
}

/** `since`: when this lease began, to tell trouble under the current limits from trouble under earlier ones (MxLimits.trouble). */
export interface Lease {
  session: SmtpSession;
  reused: boolean;
  key: string;
  limits: MxLimits;
  since: number;
}

export type { ProbeLane };

/**
 * A caller queued for a slot: resumed with true when it gets one, with a lease when another caller hands
 * its session over (handOver), false when it no longer wants one.
 */
interface Waiter {
  wanted: () => boolean;
  resume: (grant: boolean | Lease) => void;
}

interface HostState {
  /** Slots taken (sessions leased or being opened); `connected`: of those, the sessions established. */
  active: number;
  connected: number;
  /** Connections being opened with a shared slot taken (see learnConnectionCap). */
  opening: number;
  idle: SmtpSession[];
  waiting: Record<ProbeLane, Waiter[]>;
  backoffUntil: number;
  clearTextUntil: number;
  limits: MxLimits;
  /** A RCPT was answered here (not by a refusal of our address): this MX takes sessions from us. */
  answered: boolean;
}

// Slots beyond the adaptive limit (up to the ceiling) that only interactive callers may take, so one seldom waits for a bulk session.
const INTERACTIVE_RESERVE = 1;

// An idle session is kept briefly so the next batch for the same MX skips connect+EHLO,
// but not so long that servers drop it (most close idle clients after 60-300 s).
const IDLE_MS = 15_000;
// When another process behind the same egress address waits for the MX's slots (SharedMxBudget's survey): a
// parked session keeps its slot and the other process cannot use our connection, so it is given up soon (a
// busy worker reuses it within milliseconds or not at all). Without a waiter it is kept IDLE_MS for the next batch.
const IDLE_WANTED_MS = 500;
// A host whose TLS handshake failed (old ciphers, broken certificate chain middleboxes) is spoken to in
// clear text for a while instead of failing every probe; it is tried with TLS again after this.
const CLEAR_TEXT_MS = 60 * 60_000;

/**
 * Sessions per MX address: at most the address's adaptive limit of connections at once (MxLimits;
 * plus the interactive reserve), new connections paced per second, idle sessions reused after RSET
 * when reuse is on, and a back-off window after repeated 421s or a 452. Each connection also holds one of
 * the MX's slots shared by every process with the same egress id (SharedMxBudget), from before it is
 * opened until it is closed, so processes behind one address together stay within the ceiling.
 */
export class MxPool {
  private readonly hosts = new Map<string, HostState>();
  private readonly idleTimers = new Map<SmtpSession, NodeJS.Timeout>();
  /** The shared slot each open connection holds. */
  private readonly sharedSlots = new Map<SmtpSession, string>();
  opened = 0;

  constructor(
    private readonly adaptive: AdaptiveSettings,
    private readonly reuse: boolean,
    private readonly options: SessionOptions,
    private readonly clock: () => number,
    private readonly observer: VerificationObserver = SILENT_VERIFICATION_OBSERVER,
    /** The slots shared with other processes behind the same egress address; alone in memory by default. */
    private readonly shared = new SharedMxBudget(new MxSlots(new MemorySlots()), 'local'),
  ) {
    // Another process waits for the MX: the sessions we keep parked there hold slots it could use.
    shared.onWanted((key) => this.closeParked(key));
  }

  /**
   * A session for the caller; null, without connecting, when `wanted` says no once a slot is free, or
   * while it waits for one and withdrawUnwanted is called (the work went elsewhere meanwhile).
   */
  async acquire(
    host: string,
    address: string,
    port: number,
    lane: ProbeLane = 'interactive',
    wanted: () => boolean = () => true,
  ): Promise<Lease | null> {
    const key = `${address}:${port}`;
    const state = this.state(key);
    if (state.backoffUntil > this.clock()) throw new MxBackoffError(state.backoffUntil);
    if (state.active < this.capacity(state, lane) && state.waiting[lane].length === 0) state.active++;
    else {
      const grant = await new Promise<boolean | Lease>((resume) => state.waiting[lane].push({ wanted, resume }));
      if (grant === false) return null;
      if (grant !== true) return grant;
    }
    if (!wanted()) {
      this.releaseSlot(state);
      return null;
    }
    const idle = this.takeIdle(state);
    if (idle) {
      this.observer.sessionReused(providerForMx(host).provider);
      state.connected++;
      return { session: idle, reused: true, key, limits: state.limits, since: this.clock() };
    }
    const slot = await this.shared.take(key, () => state.limits.ceiling(this.clock()), lane);
    if (!wanted()) {
      await this.shared.release(slot);
      this.releaseSlot(state);
      return null;
    }
    const since = this.clock();
    state.opening++;
    try {
      const session = await this.open(state, key, host, address, port, lane);
      state.opening--;
      this.sharedSlots.set(session, slot);
      state.connected++;
      return { session, reused: false, key, limits: state.limits, since };
    } catch (error) {
      await this.learnConnectionCap(state, key, host, error);
      state.opening--;
      await this.shared.release(slot);
      this.releaseSlot(state);
      throw error;
    }
  }

  /**
   * A 421 at the banner while sessions from this egress address were connected (ours, leased or parked,
   * or other processes' that hold the MX's shared slots): the MX takes no more than that many from us at
   * once, and the limit would otherwise keep growing into the same 421. The cap is recorded in the shared
   * slots too, so the other processes behind the address keep to it.
   */
  private async learnConnectionCap(state: HostState, key: string, host: string, error: unknown): Promise<void> {
    if (!(error instanceof SmtpRefusedError) || error.stage !== 'banner' || error.reply.code !== 421) return;
    const ours = state.connected + state.idle.length;
    // The refused connection's own slot is still held, and so are those of our other attempts in flight.
    const all = await this.shared.openAt(key, state.opening);
    const now = this.clock();
    if (!state.limits.learnConnectionCap(Math.max(ours, all ?? 0), now)) return;
    this.observer.sessionAdapted('connection_cap_learned', providerForMx(host).provider);
    await this.shared.recordCap(key, state.limits.ceiling(now), Date.now() + this.adaptive.learnedMemoryMs);
  }

  /** Resumes, without a slot, the callers queued for this MX that no longer want one (their addresses went to other sessions). */
  withdrawUnwanted(key: string): void {
    const state = this.hosts.get(key);
    if (!state) return;
    for (const lane of ['interactive', 'bulk'] as const) {
      const gone = state.waiting[lane].filter((waiter) => !waiter.wanted());
      if (gone.length === 0) continue;
      state.waiting[lane] = state.waiting[lane].filter((waiter) => !gone.includes(waiter));
      for (const waiter of gone) waiter.resume(false);
    }
  }

  /**
   * Gives a leased session, as it is (its transaction open, its slot held), to the first interactive caller
   * queued for its MX that still wants one: no RSET, no new lease of a slot. False when there is none (or the
   * connection is gone); the caller then releases the lease.
   */
  handOver(lease: Lease): boolean {
    const waiting = this.hosts.get(lease.key)?.waiting.interactive ?? [];
    while (lease.session.usable && waiting.length > 0) {
      const waiter = waiting.shift()!;
      if (!waiter.wanted()) {
        waiter.resume(false);
        continue;
      }
      this.observer.sessionReused(providerForMx(lease.session.host).provider);
      waiter.resume({ ...lease, reused: true, since: this.clock() });
      return true;
    }
    return false;
  }

  /** An interactive caller is queued for this MX: a bulk session should hand its connection over. */
  interactiveWaiting(key: string): boolean {
    return (this.hosts.get(key)?.waiting.interactive.length ?? 0) > 0;
  }

  markAnswered(key: string): void {
    this.state(key).answered = true;
  }

  hasAnswered(address: string, port: number): boolean {
    return this.hosts.get(`${address}:${port}`)?.answered ?? false;
  }

  /** Sessions this MX address could still take from us now: how work is spread over egress routes. */
  freeSessions(address: string, port: number): number {
    const state = this.hosts.get(`${address}:${port}`);
    if (!state) return this.adaptive.concurrencyCeiling;
    return Math.max(0, state.limits.ceiling(this.clock()) - state.active);
  }

  limitsOf(address: string, port: number): MxLimits {
    return this.state(`${address}:${port}`).limits;
  }

  /** Lets waiters in after the adaptive limit went up. */
  limitRaised(key: string): void {
    const state = this.hosts.get(key);
    if (state) this.dispatch(state);
  }

  /** Interactive callers may go one above the adaptive limit, never above the ceiling: there bulk hands a session over. */
  private capacity(state: HostState, lane: ProbeLane): number {
    if (lane === 'bulk') return state.limits.limit;
    return Math.min(state.limits.ceiling(this.clock()), state.limits.limit + INTERACTIVE_RESERVE);
  }

  /**
   * Opens with opportunistic TLS; a failed handshake kills the connection, so it reconnects in clear text once.
   * Bulk connects are paced at our share of the MX's rate (the processes behind our address that hold its
   * slots share it); an API call's connect never waits.
   */
  private async open(
    state: HostState,
    key: string,
    host: string,
    address: string,
    port: number,
    lane: ProbeLane,
  ): Promise<SmtpSession> {
    const tls = this.options.tls && state.clearTextUntil <= this.clock();
    const provider = providerForMx(host).provider;
    const pace = state.limits.connectDelay(this.clock(), lane === 'bulk', this.shared.sharers(key));
    if (pace > 0) {
      this.observer.sessionAdapted('connect_paced', provider);
      await new Promise((resolve) => setTimeout(resolve, pace));
    }
    this.opened++;
    this.observer.sessionOpened(provider);
    try {
      return await SmtpSession.open(host, address, { ...this.options, port, tls });
    } catch (error) {
      if (!tls || !(error instanceof SmtpTransportError) || error.kind !== 'tls_failed') throw error;
      state.clearTextUntil = this.clock() + CLEAR_TEXT_MS;
      this.opened++;
      this.observer.sessionOpened(provider);
      return SmtpSession.open(host, address, { ...this.options, port, tls: false });
    }
  }

  /** Returns the session for reuse when it is healthy and reuse is on; otherwise ends it without waiting for QUIT's reply. */
  async release(lease: Lease, healthy: boolean, maxRcpts: number): Promise<void> {
    const state = this.state(lease.key);
    const keep = this.reuse && healthy && lease.session.usable && lease.session.rcptCount < maxRcpts;
    try {
      if (keep && (await lease.session.rset().catch(() => false))) this.park(lease.key, state, lease.session);
      else await this.end(lease.session, () => lease.session.retire());
    } finally {
      state.connected--;
      this.releaseSlot(state);
    }
  }

  backoff(address: string, port: number, ms: number): void {
    const state = this.state(`${address}:${port}`);
    state.backoffUntil = Math.max(state.backoffUntil, this.clock() + ms);
  }

  async close(): Promise<void> {
    const sessions = [...this.hosts.values()].flatMap((s) => s.idle.splice(0));
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.all(sessions.map((s) => this.end(s, () => s.quit())));
    await this.shared.close();
  }

  /** Ends a connection, then frees its shared slot: until it is closed, the MX still counts it. */
  private async end(session: SmtpSession, close: () => Promise<void> | void): Promise<void> {
    try {
      await close();
    } finally {
      const held = this.sharedSlots.get(session);
      this.sharedSlots.delete(session);
      if (held) await this.shared.release(held, session.closedByServer);
    }
  }

  private state(key: string): HostState {
    let state = this.hosts.get(key);
    if (!state) {
      state = {
        active: 0,
        connected: 0,
        opening: 0,
        idle: [],
        waiting: { interactive: [], bulk: [] },
        backoffUntil: 0,
        clearTextUntil: 0,
        answered: false,
        limits: new MxLimits(this.adaptive, this.clock()),
      };
      this.hosts.set(key, state);
    }
    return state;
  }

  private takeIdle(state: HostState): SmtpSession | null {
    while (state.idle.length) {
      const session = state.idle.pop()!;
      clearTimeout(this.idleTimers.get(session));
      this.idleTimers.delete(session);
      if (session.usable) return session;
      void this.end(session, () => session.destroy());
    }
    return null;
  }

  private park(key: string, state: HostState, session: SmtpSession): void {
    state.idle.push(session);
    const timer = setTimeout(
      () => {
        this.idleTimers.delete(session);
        state.idle = state.idle.filter((s) => s !== session);
        void this.end(session, () => session.quit());
      },
      this.shared.isWanted(key) ? IDLE_WANTED_MS : IDLE_MS,
    );
    timer.unref();
    this.idleTimers.set(session, timer);
  }

  private closeParked(key: string): void {
    for (const session of this.hosts.get(key)?.idle.splice(0) ?? []) {
      clearTimeout(this.idleTimers.get(session));
      this.idleTimers.delete(session);
      void this.end(session, () => session.quit());
    }
  }

  private releaseSlot(state: HostState): void {
    state.active--;
    this.dispatch(state);
  }

  /**
   * Hands free slots to waiters, interactive ones first; the slot is counted before the waiter resumes.
   * A waiter that no longer wants one is resumed without it.
   */
  private dispatch(state: HostState): void {
    for (const lane of ['interactive', 'bulk'] as const) {
      while (state.waiting[lane].length && state.active < this.capacity(state, lane)) {
        const waiter = state.waiting[lane].shift()!;
        if (!waiter.wanted()) {
          waiter.resume(false);
          continue;
        }
        state.active++;
        waiter.resume(true);
      }
    }
  }
}

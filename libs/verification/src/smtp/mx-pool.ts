import { providerForMx } from '../providers/provider-playbook';
import { SILENT_VERIFICATION_OBSERVER, VerificationObserver } from '../verification-observer';
import { SmtpTransportError } from './smtp-errors';
import { SessionOptions, SmtpSession } from './smtp-session';

export class MxBackoffError extends Error {
  constructor(readonly untilMs: number) {
    super('mx host is backing off');
  }
}

export interface Lease { session: SmtpSession; reused: boolean; key: string }

interface HostState { active: number; idle: SmtpSession[]; waiters: Array<() => void>; backoffUntil: number; clearTextUntil: number }

// An idle session is kept briefly so the next batch for the same MX skips connect+EHLO,
// but not so long that servers drop it (most close idle clients after 60-300 s).
const IDLE_MS = 15_000;
// A host whose TLS handshake failed (old ciphers, broken certificate chain middleboxes) is spoken to in
// clear text for a while instead of failing every probe; it is tried with TLS again after this.
const CLEAR_TEXT_MS = 60 * 60_000;

/**
 * Sessions per MX address: at most `perMxConcurrency` connections at once (active plus idle),
 * idle sessions reused after RSET when reuse is on, and a back-off window after 421/452.
 */
export class MxPool {
  private readonly hosts = new Map<string, HostState>();
  private readonly idleTimers = new Map<SmtpSession, NodeJS.Timeout>();
  opened = 0;

  constructor(
    private readonly cap: number,
    private readonly reuse: boolean,
    private readonly options: SessionOptions,
    private readonly clock: () => number,
    private readonly observer: VerificationObserver = SILENT_VERIFICATION_OBSERVER,
  ) {}

  async acquire(host: string, address: string, port: number): Promise<Lease> {
    const key = `${address}:${port}`;
    const state = this.state(key);
    if (state.backoffUntil > this.clock()) throw new MxBackoffError(state.backoffUntil);
    while (state.active >= Math.max(1, this.cap)) await new Promise<void>((resolve) => state.waiters.push(resolve));
    state.active++;
    const idle = this.takeIdle(state);
    if (idle) {
      this.observer.sessionReused(providerForMx(host).provider);
      return { session: idle, reused: true, key };
    }
    try {
      return { session: await this.open(state, host, address, port), reused: false, key };
    } catch (error) {
      this.releaseSlot(state);
      throw error;
    }
  }

  /** Opens with opportunistic TLS; a failed handshake kills the connection, so it reconnects in clear text once. */
  private async open(state: HostState, host: string, address: string, port: number): Promise<SmtpSession> {
    const tls = this.options.tls && state.clearTextUntil <= this.clock();
    const provider = providerForMx(host).provider;
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

  /** Returns the session for reuse when it is healthy and reuse is on; otherwise ends it. */
  async release(lease: Lease, healthy: boolean, maxRcpts: number): Promise<void> {
    const state = this.state(lease.key);
    const keep = this.reuse && healthy && lease.session.usable && lease.session.rcptCount < maxRcpts;
    try {
      if (keep && (await lease.session.rset().catch(() => false))) this.park(state, lease.session);
      else await lease.session.quit();
    } finally {
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
    await Promise.all(sessions.map((s) => s.quit()));
  }

  private state(key: string): HostState {
    let state = this.hosts.get(key);
    if (!state) this.hosts.set(key, (state = { active: 0, idle: [], waiters: [], backoffUntil: 0, clearTextUntil: 0 }));
    return state;
  }

  private takeIdle(state: HostState): SmtpSession | null {
    while (state.idle.length) {
      const session = state.idle.pop()!;
      clearTimeout(this.idleTimers.get(session));
      this.idleTimers.delete(session);
      if (session.usable) return session;
      session.destroy();
    }
    return null;
  }

  private park(state: HostState, session: SmtpSession): void {
    state.idle.push(session);
    const timer = setTimeout(() => {
      this.idleTimers.delete(session);
      state.idle = state.idle.filter((s) => s !== session);
      void session.quit();
    }, IDLE_MS);
    timer.unref();
    this.idleTimers.set(session, timer);
  }

  private releaseSlot(state: HostState): void {
    state.active--;
    state.waiters.shift()?.();
  }
}

import { SmtpRefusedError } from '../smtp/smtp-session';
import { Lease, MxPool } from '../smtp/mx-pool';
import { MxFeedback, isTimeout } from './mx-feedback';
import { MxRiders } from './mx-riders';
import { MxTarget } from './mx-target';
import { giveBackRcpts, ProbeCall, Rcpt, routeStopped } from './probe-call';
import { ProbeOutcome, ROUTE_FAILURES } from './probe-outcome';
import { ProbeSession } from './probe-session';
import { ProberSettings } from './prober-settings';
import { Settled, settleSession } from './session-end';

// Reconnects after 421s per target and probe call before the MX is left alone for `backoffMs`.
const MAX_RECONNECTS = 3;

/** After a session or a failed connection attempt: open another one, or stop with this failure. */
type Next = 'again' | ProbeOutcome;

/** Counted across the sessions one probe call runs on one MX address. */
interface Tries {
  /** 421s in a row: a session that decided something starts the count again. */
  reconnects: number;
  /** A parked session may have been closed by the server meanwhile: one fresh try. */
  freshRetryLeft: boolean;
}

/**
 * Sessions on one MX address for one probe call, one after another: lease one (a parked session, or a
 * connection with banner, EHLO and STARTTLS: MxPool, SmtpSession.open), run it (ProbeSession), settle its
 * end (settleSession), hand it back to the pool to park or close, then decide what follows. A session
 * retired by the adaptive rules (error budget, tarpit, recipient cap) is simply followed by a fresh one;
 * a 421 (mid-session or at the banner) by a reconnect after a growing pause, up to MAX_RECONNECTS times
 * in a row.
 *
 * An interactive call waits at the MX address as a rider (MxRiders) while it waits for a session: any
 * interactive session there may take its addresses into its next batch. Its loop then waits for their
 * answers rather than for a session, and asks what a session gives back (a 421, a lost connection) itself.
 */
export class MxSessions {
  private readonly riders = new MxRiders();

  constructor(
    private readonly pool: MxPool,
    private readonly settings: ProberSettings,
    private readonly clock: () => number,
    private readonly feedback: MxFeedback,
  ) {}

  /** Probes as many of the call's pending addresses as this address allows; returns the failure that stopped it, if any. */
  async probe(target: MxTarget, call: ProbeCall): Promise<ProbeOutcome | null> {
    if (call.lane !== 'interactive') return this.work(target, call);
    this.riders.join(target, call);
    try {
      return await this.work(target, call);
    } finally {
      this.riders.leave(target, call);
    }
  }

  private async work(target: MxTarget, call: ProbeCall): Promise<ProbeOutcome | null> {
    const tries: Tries = { reconnects: 0, freshRetryLeft: true };
    for (;;) {
      if (call.queue.size === 0 || routeStopped(call)) {
        // Addresses out on other calls' sessions: their answers (or their return) are awaited here.
        if (call.riding === 0) return null;
        await call.woken();
        continue;
      }
      const attempted = this.clock();
      let lease: Lease | null;
      let next: Next;
      try {
        // No connection once the other sessions have taken everything (or found the route refused) while this one waited for a slot.
        const wanted = () => call.queue.size > 0 && !routeStopped(call);
        lease = await this.pool.acquire(target.host, target.address, this.settings.port, call.lane, wanted);
      } catch (error) {
        next = await this.afterConnectError(error, target, attempted, call.deadline, tries);
        if (next === 'again') continue;
        return this.stopIfRouteFailed(next, call);
      }
      if (!lease) continue;
      next = await this.afterSession(
        await this.session(lease, target, call),
        call,
        lease,
        target,
        call.deadline,
        tries,
      );
      if (next !== 'again') return this.stopIfRouteFailed(next, call);
    }
    return null;
  }

  /** With routes to fail over to, a failure that blames the route stops the call's other sessions too (see ROUTE_FAILURES). */
  private stopIfRouteFailed(failure: ProbeOutcome, call: ProbeCall): ProbeOutcome {
    if (this.settings.failover && ROUTE_FAILURES.has(failure.kind)) call.stopped ??= failure;
    return failure;
  }

  /**
   * Runs a session to its end, settles it, gives back what it took and got no answer for (a rider's
   * addresses to that rider), and hands the lease back.
   */
  private async session(lease: Lease, target: MxTarget, call: ProbeCall): Promise<Settled & { decided: number }> {
    const decidedBefore = call.outcomes.size;
    const session = new ProbeSession(lease, target, call, this.pool, this.settings, this.clock, this.riders);
    const { end, unanswered } = await session.run();
    const settled = settleSession(end, lease, target, this.feedback, this.settings.backoffMs);
    // Before the give-back: a rider woken by it must find the route refused, not connect.
    if (settled.failure) this.stopRiders(settled.failure, call, unanswered);
    giveBackRcpts(unanswered, call);
    // Counted before the hand-back: meanwhile the call's other sessions go on deciding.
    const decided = call.outcomes.size - decidedBefore;
    // Before the hand-back too: a session waiting for this slot must find the route refused, not connect.
    if (settled.failure) this.stopIfRouteFailed(settled.failure, call);
    if (end.why !== 'handed_over' || !this.pool.handOver(lease))
      await this.pool.release(lease, settled.keep, this.settings.maxRcptsPerSession);
    return { ...settled, decided };
  }

  /** A route refused at this MX address is refused to every call riding the session too (one sender). */
  private stopRiders(failure: ProbeOutcome, carrier: ProbeCall, unanswered: readonly Rcpt[]): void {
    for (const { call } of unanswered) if (call !== carrier) this.stopIfRouteFailed(failure, call);
  }

  private async afterConnectError(
    error: unknown,
    target: MxTarget,
    attempted: number,
    deadline: number,
    tries: Tries,
  ): Promise<Next> {
    const refused421 = error instanceof SmtpRefusedError && error.reply.code === 421;
    if (refused421 || isTimeout(error)) this.feedback.trouble(target, attempted);
    if (refused421 && (await this.pauseBeforeReconnect(tries.reconnects++, target, deadline))) return 'again';
    return this.feedback.failureOf(error, target);
  }

  private async afterSession(
    result: Settled & { decided: number },
    call: ProbeCall,
    lease: Lease,
    target: MxTarget,
    deadline: number,
    tries: Tries,
  ): Promise<Next> {
    if (result.decided > 0) tries.reconnects = 0;
    if (!result.failure) return 'again';
    // Only riders' addresses were left unanswered: they are their own calls' to ask again, not this one's.
    if (call.queue.size === 0) return 'again';
    if (lease.reused && tries.freshRetryLeft && result.failure.kind === 'connection_closed') {
      tries.freshRetryLeft = false;
      return 'again';
    }
    if (result.failure.reply?.code === 421) {
      if (await this.pauseBeforeReconnect(tries.reconnects++, target, deadline)) return 'again';
      this.feedback.backoff(target, 421);
    }
    return result.failure;
  }

  /** Waits before reconnecting after a 421, doubling each time; false when out of attempts or time. */
  private async pauseBeforeReconnect(attempt: number, target: MxTarget, deadline: number): Promise<boolean> {
    const pause = this.settings.reconnectBackoffMs * 2 ** attempt;
    if (attempt >= MAX_RECONNECTS || this.clock() + pause >= deadline) return false;
    this.feedback.adapted('reconnect_after_421', target);
    await new Promise((resolve) => setTimeout(resolve, pause));
    return true;
  }
}

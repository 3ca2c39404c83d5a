import { classifySessionRefusal } from '../smtp/reply-classifier';
import { SmtpTransportError } from '../smtp/smtp-errors';
import { SmtpRefusedError } from '../smtp/smtp-session';
import { Lease, MxBackoffError, MxPool } from '../smtp/mx-pool';
import { AdaptiveDecision, VerificationObserver } from '../verification-observer';
import { MxTarget, providerOf, spokenTo } from './mx-target';
import { ProbeOutcome } from './probe-outcome';
import { ProberSettings } from './prober-settings';

export const isTimeout = (error: unknown): boolean => error instanceof SmtpTransportError && /timeout/.test(error.kind);

/**
 * What the prober learned from an MX, told in one place to the MX's limits (MxLimits, the pool's back-off)
 * and to the observer: the session steps only say what happened, and the edges of a session or a
 * connection attempt call these.
 */
export class MxFeedback {
  constructor(
    private readonly pool: MxPool,
    private readonly settings: Pick<ProberSettings, 'port' | 'backoffMs'>,
    private readonly clock: () => number,
    private readonly observer: VerificationObserver,
  ) {}

  adapted(decision: AdaptiveDecision, target: MxTarget): void {
    this.observer.sessionAdapted(decision, providerOf(target.host));
  }

  /** A session that ended without trouble may let the MX's concurrency and connect rate grow. */
  clean(lease: Lease): void {
    const raised = lease.limits.sessionClean(lease.reused ? null : lease.session.handshakeMs, this.clock());
    if (raised.rate) this.observer.sessionAdapted('connect_rate_raised', providerOf(lease.session.host));
    if (raised.concurrency) {
      this.observer.sessionAdapted('concurrency_raised', providerOf(lease.session.host));
      this.pool.limitRaised(lease.key);
    }
  }

  /** A 421, a timeout or a tarpitted reply in a session or connection attempt that began at `since`. */
  trouble(target: MxTarget, since: number): void {
    const lowered = this.pool.limitsOf(target.address, this.settings.port).trouble(since, this.clock());
    if (lowered.rate) this.adapted('connect_rate_lowered', target);
    if (lowered.concurrency) this.adapted('concurrency_lowered', target);
  }

  /** The MX pushed back (a 421, or a delayed reply when not `confirmed`) after `errors` errors in the session. */
  errorLimitSeen(lease: Lease, target: MxTarget, errors: number, confirmed: boolean): void {
    if (errors >= 2 && lease.limits.learnErrorLimit(errors, this.clock(), confirmed))
      this.adapted('error_budget_learned', target);
  }

  /** A 452 4.5.3 after `accepted` recipients: later sessions on this MX stop short of it. */
  rcptCapSeen(lease: Lease, accepted: number): void {
    lease.limits.learnRcptCap(accepted, this.clock());
  }

  /** The MX address is left alone for the back-off delay. */
  backoff(target: MxTarget, replyCode: number): void {
    this.pool.backoff(target.address, this.settings.port, this.settings.backoffMs);
    this.observer.mxBackedOff(providerOf(target.host), replyCode);
  }

  /** What an error thrown while connecting or in a session comes to; an error of no known kind is a bug and is thrown on. */
  failureOf(error: unknown, target: MxTarget): ProbeOutcome {
    if (error instanceof MxBackoffError)
      return { kind: 'rate_limited', ...spokenTo(target), retryAfterMs: Math.max(0, error.untilMs - this.clock()) };
    if (error instanceof SmtpTransportError) return { kind: error.kind, ...spokenTo(target) };
    if (error instanceof SmtpRefusedError) {
      if (error.reply.code === 421) this.backoff(target, 421);
      return { kind: classifySessionRefusal(error.reply, target.host), reply: error.reply, ...spokenTo(target) };
    }
    throw error;
  }
}

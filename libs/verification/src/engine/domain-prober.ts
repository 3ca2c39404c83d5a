import { nonPublicReason } from '@lib/net';
import { MailHost } from '../dns/mail-routing';
import { providerForMx } from '../providers/provider-playbook';
import { classifyRcptReply, classifySessionRefusal } from '../smtp/reply-classifier';
import { SmtpTransportError } from '../smtp/smtp-errors';
import { SmtpRefusedError } from '../smtp/smtp-session';
import { SmtpReply } from '../smtp/smtp-reply';
import { Lease, MxBackoffError, MxPool, ProbeLane } from '../smtp/mx-pool';
import { EGRESS_RECHECK_MS, SmtpEgress } from '../smtp/smtp-egress';
import { SILENT_VERIFICATION_OBSERVER, VerificationObserver } from '../verification-observer';
import { AddressQueue } from './address-queue';
import { ProbeControl, ProbeOutcome } from './probe-outcome';

export interface ProberSettings {
  port: number;
  allowPrivateNetworks: boolean;
  maxRcptsPerSession: number;
  backoffMs: number;
  /** First pause before reconnecting after a 421; doubles for each further one. */
  reconnectBackoffMs: number;
  /** A reply this slow (and TARPIT_FACTOR times the session's median) marks the session as tarpitted. */
  tarpitFloorMs: number;
}

// Reconnects after 421s per target and probe call before the MX is left alone for `backoffMs`.
const MAX_RECONNECTS = 3;
const TARPIT_FACTOR = 5;
// Commands in one pipelined write at most (RFC 2920 asks clients not to overrun the server's window);
// the error budget left bounds a batch long before this on most lists.
const MAX_PIPELINED = 32;
// Pipelined batches stop at this many errors in a session (below Postfix's soft limit of 10); past it,
// with an error budget set higher, RCPTs go one at a time. A server reads a whole batch before it
// answers, so one that starts delaying replies mid-batch would otherwise go on delaying each RCPT it
// had already read (a stock Postfix processed 4 more, a second each, after the session was closed).
const PIPELINE_SAFE_ERRORS = 8;

const isTimeout = (error: unknown): boolean => error instanceof SmtpTransportError && /timeout/.test(error.kind);

interface Target {
  host: string;
  address: string;
}

/** How a session ended: keep it for reuse, what stopped it (if anything), and how many addresses it decided. */
interface SessionResult {
  keep: boolean;
  failure: ProbeOutcome | null;
  decided: number;
}

// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL by definition.
const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

/**
 * Sends RCPTs for a list of addresses on one domain: every MX in preference order (and
 * every address of each), moving on when a host refuses, times out or throttles, and
 * keeping each recipient's first decisive reply.
 */
export class DomainProber {
  constructor(
    private readonly pool: MxPool,
    private readonly settings: ProberSettings,
    private readonly clock: () => number,
    private readonly observer: VerificationObserver = SILENT_VERIFICATION_OBSERVER,
    private readonly egress: SmtpEgress = new SmtpEgress(),
  ) {}

  /** Once `control.signal` aborts no further RCPT is sent; the addresses left get `deadline_exceeded` (unknown). */
  async probe(
    hosts: MailHost[],
    addresses: string[],
    deadline: number,
    control: ProbeControl = {},
    lane: ProbeLane = 'interactive',
  ): Promise<Map<string, ProbeOutcome>> {
    const targets = this.targets(hosts);
    if (targets.list.length === 0) {
      const kind = targets.refused ? 'private_mx_refused' : 'no_mx_address';
      return new Map<string, ProbeOutcome>(addresses.map((a) => [a, { kind, mxHost: hosts[0]?.name }]));
    }
    if (this.egress.blocked) {
      // Only public hosts sit behind a blocked port 25; private and loopback ones (labs) are still tried.
      targets.list = targets.list.filter((target) => nonPublicReason(target.address) !== null);
      if (targets.list.length === 0) {
        const blocked: ProbeOutcome = {
          kind: 'port_25_blocked',
          mxHost: hosts[0]?.name,
          retryAfterMs: EGRESS_RECHECK_MS,
        };
        return new Map<string, ProbeOutcome>(addresses.map((a) => [a, blocked]));
      }
    }
    const started = this.clock();
    const outcomes = await this.probeTargets(targets.list, addresses, deadline, control, lane);
    const durationMs = this.clock() - started;
    for (const outcome of outcomes.values()) this.observer.probed(outcome.kind, providerOf(outcome.mxHost), durationMs);
    return outcomes;
  }

  /**
   * Each MX address in turn takes what the ones before it left. On one address, several sessions work
   * the list side by side, each taking batches from one queue: about one session per error budget's
   * worth of addresses (what a session carries on a list of mostly nonexistent ones), never more than
   * the address's concurrency ceiling; the pool decides how many run at once.
   */
  private async probeTargets(
    list: Target[],
    addresses: string[],
    deadline: number,
    control: ProbeControl,
    lane: ProbeLane,
  ): Promise<Map<string, ProbeOutcome>> {
    const outcomes = new Map<string, ProbeOutcome>();
    const queue = new AddressQueue(addresses);
    let lastFailure: ProbeOutcome = { kind: 'connect_refused' };
    for (const target of list) {
      if (queue.size === 0) break;
      if (this.clock() >= deadline || control.signal?.aborted) {
        lastFailure = { kind: 'deadline_exceeded' };
        break;
      }
      const limits = this.pool.limitsOf(target.address, this.settings.port);
      const sessions = Math.min(limits.ceiling(this.clock()), Math.ceil(queue.size / limits.errorBudget(this.clock())));
      const failures = await Promise.all(
        Array.from({ length: Math.max(1, sessions) }, () =>
          this.onTarget(target, queue, outcomes, deadline, control, lane),
        ),
      );
      lastFailure = failures.find((failure) => failure !== null) ?? lastFailure;
    }
    for (const a of queue.rest()) outcomes.set(a, lastFailure);
    return outcomes;
  }

  /**
   * Rejected RCPTs one session may collect on the first MX address these hosts would be probed on: the
   * configured budget (below Postfix's soft error limit), or the lower one learned from that MX.
   * Unbounded when no address may be probed: every RCPT is answered without a server then.
   */
  sessionErrorBudget(hosts: MailHost[]): number {
    const first = this.targets(hosts).list[0];
    if (!first) return Number.POSITIVE_INFINITY;
    return this.pool.limitsOf(first.address, this.settings.port).errorBudget(this.clock());
  }

  private targets(hosts: MailHost[]): { list: Target[]; refused: boolean } {
    const list: Target[] = [];
    let refused = false;
    for (const host of hosts) {
      for (const address of host.addresses) {
        if (!this.settings.allowPrivateNetworks && nonPublicReason(address)) refused = true;
        else list.push({ host: host.name, address });
      }
    }
    return { list, refused };
  }

  /**
   * Probes as many pending addresses as this target allows, session after session: a session retired
   * by the adaptive rules (error budget, tarpit, recipient cap) is simply followed by a fresh one; a
   * 421 (mid-session or at the banner) is followed by a reconnect after a growing pause, up to
   * MAX_RECONNECTS times in a row. Returns the failure that stopped it, if any.
   */
  private async onTarget(
    target: Target,
    queue: AddressQueue,
    outcomes: Map<string, ProbeOutcome>,
    deadline: number,
    control: ProbeControl,
    lane: ProbeLane,
  ): Promise<ProbeOutcome | null> {
    let freshRetryLeft = true;
    let reconnects = 0;
    while (queue.size > 0) {
      let lease: Lease | null;
      const attempted = this.clock();
      try {
        // No connection once the other sessions have taken everything while this one waited for a slot.
        lease = await this.pool.acquire(target.host, target.address, this.settings.port, lane, () => queue.size > 0);
      } catch (error) {
        const refused421 = error instanceof SmtpRefusedError && error.reply.code === 421;
        if (refused421 || isTimeout(error)) this.trouble(target, attempted);
        if (refused421 && (await this.pauseBeforeReconnect(reconnects++, target, deadline))) continue;
        return this.failureOf(error, target);
      }
      if (!lease) return null;
      const result = await this.runSession(lease, target, queue, outcomes, deadline, control, lane);
      await this.pool.release(lease, result.keep, this.settings.maxRcptsPerSession);
      // Reconnects are counted in a row: a session that decided something starts the count again.
      if (result.decided > 0) reconnects = 0;
      if (!result.failure) continue;
      // A parked session may have been closed by the server meanwhile: one fresh try.
      if (lease.reused && freshRetryLeft && result.failure.kind === 'connection_closed') {
        freshRetryLeft = false;
        continue;
      }
      if (result.failure.reply?.code === 421 && (await this.pauseBeforeReconnect(reconnects++, target, deadline)))
        continue;
      if (result.failure.reply?.code === 421) this.backoff(target, 421);
      return result.failure;
    }
    return null;
  }

  /**
   * Asks batches of addresses taken from the queue on one session until the queue is empty or the
   * session must end. Whatever it took and could not ask goes back to the queue (see AddressQueue).
   */
  private async runSession(
    lease: Lease,
    target: Target,
    queue: AddressQueue,
    outcomes: Map<string, ProbeOutcome>,
    deadline: number,
    control: ProbeControl,
    lane: ProbeLane,
  ): Promise<SessionResult> {
    const { session, limits } = lease;
    const provider = providerOf(target.host);
    const decidedAtStart = outcomes.size;
    let batch: string[] = [];
    const end = (keep: boolean, failure: ProbeOutcome | null = null): SessionResult => {
      queue.giveBack(batch.filter((address) => !outcomes.has(address)));
      batch = [];
      return { keep, failure, decided: outcomes.size - decidedAtStart };
    };
    try {
      while (queue.size > 0) {
        if (session.rcptCount >= this.settings.maxRcptsPerSession) return this.clean(lease, end(true));
        if (lane === 'bulk' && this.pool.interactiveWaiting(lease.key)) {
          this.observer.sessionAdapted('bulk_yielded', provider);
          return end(true);
        }
        // Retired before the server's error limit: a fresh session is served without delays.
        const budgetLeft = limits.errorBudget(this.clock()) - session.errors;
        if (budgetLeft <= 0) {
          this.observer.sessionAdapted('retired_error_budget', provider);
          return this.clean(lease, end(false));
        }
        const cap = limits.rcptCap(this.clock());
        if (cap !== null && session.rcptsInTransaction >= cap) {
          this.observer.sessionAdapted('retired_rcpt_cap', provider);
          return end(false);
        }
        if (this.clock() >= deadline || control.signal?.aborted) return end(true, { kind: 'deadline_exceeded' });
        // A batch may at worst be refused whole, MAIL FROM included: it never takes the session past its budget.
        const mailToo = !session.transactionOpen && session.pipelining ? 1 : 0;
        const room = session.pipelining
          ? Math.min(
              MAX_PIPELINED,
              budgetLeft - mailToo,
              Math.max(1, PIPELINE_SAFE_ERRORS - session.errors - mailToo),
              this.settings.maxRcptsPerSession - session.rcptCount,
              cap === null ? Infinity : cap - session.rcptsInTransaction,
            )
          : 1;
        batch = [];
        while (batch.length < room && queue.size > 0) {
          const address = queue.take()!;
          if (!isAscii(address) && !session.supports('SMTPUTF8'))
            outcomes.set(address, { kind: 'smtputf8_unsupported', ...spokenTo(target) });
          else batch.push(address);
        }
        if (room > 0 && batch.length === 0) continue;
        const refusal = await session.sendRcpts(
          batch,
          batch.some((a) => !isAscii(a)),
        );
        if (refusal) {
          if (refusal.code === 421) return end(false, this.closedWith421(lease, target, refusal));
          const kind = classifySessionRefusal(refusal, target.host);
          return end(false, { kind, reply: refusal, ...spokenTo(target) });
        }
        // Any return inside this loop leaves pipelined replies unread, so the session is never kept then.
        for (const address of batch) {
          const errorsBefore = session.errors;
          const reply = await session.nextRcptReply();
          const kind = classifyRcptReply(reply, target.host);
          if (reply.code === 421) return end(false, this.closedWith421(lease, target, reply));
          if (kind === 'too_many_recipients' && session.rcptsInTransaction > 1) {
            // 452 4.5.3: this message is full; the address goes on in a new session, and later sessions stop short of the cap.
            limits.learnRcptCap(session.rcptsInTransaction - 1, this.clock());
            this.observer.sessionAdapted('retired_rcpt_cap', provider);
            return end(false);
          }
          if (reply.code === 452 && kind !== 'mailbox_full') {
            this.backoff(target, reply.code);
            return end(false, { kind, reply, ...spokenTo(target), retryAfterMs: this.settings.backoffMs });
          }
          outcomes.set(address, { kind, reply, ...spokenTo(target) });
          control.probed?.(address);
          // Only a slow refusal counts: error sleeps hold back every reply, and most replies of a list are
          // refusals, while a slow acceptance is a server opening its queue file (Postfix waits up to
          // in_flow_delay for a flow token there when its queue manager has not delivered mail lately).
          if (reply.code >= 400 && session.latency.lastWasTarpitted(TARPIT_FACTOR, this.settings.tarpitFloorMs)) {
            // The reply is good, but the server has started holding this session back: replace it.
            this.observer.sessionAdapted('retired_tarpit', provider);
            if (errorsBefore >= 2 && limits.learnErrorLimit(errorsBefore, this.clock(), false))
              this.observer.sessionAdapted('error_budget_learned', provider);
            this.trouble(target, lease.since);
            return end(false);
          }
        }
      }
      // The list is done; a session with no error budget left is retired rather than parked for reuse.
      const spent = session.errors >= limits.errorBudget(this.clock());
      if (spent) this.observer.sessionAdapted('retired_error_budget', provider);
      return this.clean(lease, end(!spent));
    } catch (error) {
      if (isTimeout(error)) this.trouble(target, lease.since);
      return end(false, this.failureOf(error, target));
    }
  }

  /** A session that ended without trouble may let the MX's concurrency and connect rate grow. */
  private clean(lease: Lease, result: SessionResult): SessionResult {
    const raised = lease.limits.sessionClean(lease.reused ? null : lease.session.handshakeMs, this.clock());
    if (raised.rate) this.observer.sessionAdapted('connect_rate_raised', providerOf(lease.session.host));
    if (raised.concurrency) {
      this.observer.sessionAdapted('concurrency_raised', providerOf(lease.session.host));
      this.pool.limitRaised(lease.key);
    }
    return result;
  }

  /** A 421 ends the session and decides nothing: the address stays pending for the reconnect. */
  private closedWith421(lease: Lease, target: Target, reply: SmtpReply): ProbeOutcome {
    const errorsBefore = lease.session.errors - 1;
    if (errorsBefore >= 2 && lease.limits.learnErrorLimit(errorsBefore, this.clock(), true))
      this.observer.sessionAdapted('error_budget_learned', providerOf(target.host));
    this.trouble(target, lease.since);
    return {
      kind: classifyRcptReply(reply, target.host),
      reply,
      ...spokenTo(target),
      retryAfterMs: this.settings.backoffMs,
    };
  }

  /** A 421, a timeout or a tarpitted reply in a session or connection attempt that began at `since`. */
  private trouble(target: Target, since: number): void {
    const provider = providerOf(target.host);
    const lowered = this.pool.limitsOf(target.address, this.settings.port).trouble(since, this.clock());
    if (lowered.rate) this.observer.sessionAdapted('connect_rate_lowered', provider);
    if (lowered.concurrency) this.observer.sessionAdapted('concurrency_lowered', provider);
  }

  /** Waits before reconnecting after a 421, doubling each time; false when out of attempts or time. */
  private async pauseBeforeReconnect(attempt: number, target: Target, deadline: number): Promise<boolean> {
    const pause = this.settings.reconnectBackoffMs * 2 ** attempt;
    if (attempt >= MAX_RECONNECTS || this.clock() + pause >= deadline) return false;
    this.observer.sessionAdapted('reconnect_after_421', providerOf(target.host));
    await new Promise((resolve) => setTimeout(resolve, pause));
    return true;
  }

  private backoff(target: Target, replyCode: number): void {
    this.pool.backoff(target.address, this.settings.port, this.settings.backoffMs);
    this.observer.mxBackedOff(providerOf(target.host), replyCode);
  }

  private failureOf(error: unknown, target: Target): ProbeOutcome {
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

const providerOf = (mxHost: string | undefined): string => (mxHost ? providerForMx(mxHost).provider : '');

/** The host and address a reply came from: the evidence kept with the verdict. */
const spokenTo = (target: Target): Pick<ProbeOutcome, 'mxHost' | 'mxAddress'> => ({
  mxHost: target.host,
  mxAddress: target.address,
});

import { nonPublicReason } from '@lib/net';
import { MailHost } from '../dns/mail-routing';
import { MxPool, ProbeLane } from '../smtp/mx-pool';
import { EGRESS_RECHECK_MS, SmtpEgress } from '../smtp/smtp-egress';
import { SILENT_VERIFICATION_OBSERVER, VerificationObserver } from '../verification-observer';
import { MxFeedback } from './mx-feedback';
import { MxSessions } from './mx-sessions';
import { MxTarget, providerOf } from './mx-target';
import { ProbeControl, ProbeOutcome } from './probe-outcome';
import { createProbeCall, ProbeCall, routeStopped } from './probe-call';
import { ProberSettings } from './prober-settings';

/**
 * Sends RCPTs for a list of addresses on one domain: every MX in preference order (and
 * every address of each), moving on when a host refuses, times out or throttles, and
 * keeping each recipient's first decisive reply.
 *
 * Top-down: DomainProber takes the MX addresses in turn, with sessions side by side on each;
 * MxSessions runs one session after another on one address (lease, run, settle, hand back, reconnect);
 * ProbeSession is one session's steps (plan a batch, send it, read its replies, end); settleSession
 * says what the end teaches the MX's limits and tells the observer, through MxFeedback.
 */
export class DomainProber {
  private readonly sessions: MxSessions;

  constructor(
    private readonly pool: MxPool,
    private readonly settings: ProberSettings,
    private readonly clock: () => number,
    private readonly observer: VerificationObserver = SILENT_VERIFICATION_OBSERVER,
    private readonly egress: SmtpEgress = new SmtpEgress(),
  ) {
    this.sessions = new MxSessions(pool, settings, clock, new MxFeedback(pool, settings, clock, observer));
  }

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
    const call = createProbeCall(addresses, deadline, control, lane);
    const outcomes = await this.probeTargets(targets.list, call);
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
  private async probeTargets(list: MxTarget[], call: ProbeCall): Promise<Map<string, ProbeOutcome>> {
    const { queue, outcomes } = call;
    let lastFailure: ProbeOutcome = { kind: 'connect_refused' };
    for (const target of list) {
      // A route refused at one address of the MX is refused at its others (the same operator judges the sender).
      if (queue.size === 0 || routeStopped(call)) break;
      if (this.clock() >= call.deadline || call.control.signal?.aborted) {
        lastFailure = { kind: 'deadline_exceeded' };
        break;
      }
      const limits = this.pool.limitsOf(target.address, this.settings.port);
      const sessions = Math.min(limits.ceiling(this.clock()), Math.ceil(queue.size / limits.errorBudget(this.clock())));
      const runs = [this.sessions.probe(target, call)];
      if (sessions > 1 && this.settings.failover && !this.pool.hasAnswered(target.address, this.settings.port))
        await Promise.race([runs[0], call.answered]);
      if (!routeStopped(call)) for (let more = 1; more < sessions; more++) runs.push(this.sessions.probe(target, call));
      const failures = await Promise.all(runs);
      lastFailure = failures.find((failure) => failure !== null) ?? lastFailure;
    }
    for (const a of queue.rest()) outcomes.set(a, call.stopped ?? lastFailure);
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

  private targets(hosts: MailHost[]): { list: MxTarget[]; refused: boolean } {
    const list: MxTarget[] = [];
    let refused = false;
    for (const host of hosts) {
      for (const address of host.addresses) {
        if (!this.settings.allowPrivateNetworks && nonPublicReason(address)) refused = true;
        else list.push({ host: host.name, address });
      }
    }
    return { list, refused };
  }
}

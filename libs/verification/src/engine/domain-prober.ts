import { nonPublicReason } from '@lib/net';
import { MailHost } from '../dns/mail-routing';
import { providerForMx } from '../providers/provider-playbook';
import { classifyRcptReply } from '../smtp/reply-classifier';
import { SmtpTransportError } from '../smtp/smtp-errors';
import { SmtpRefusedError } from '../smtp/smtp-session';
import { Lease, MxBackoffError, MxPool } from '../smtp/mx-pool';
import { EGRESS_RECHECK_MS, SmtpEgress } from '../smtp/smtp-egress';
import { SILENT_VERIFICATION_OBSERVER, VerificationObserver } from '../verification-observer';
import { ProbeOutcome } from './probe-outcome';

export interface ProberSettings { port: number; allowPrivateNetworks: boolean; maxRcptsPerSession: number; backoffMs: number }

interface Target { host: string; address: string }

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

  /** `signal`: once aborted no further RCPT is sent; the addresses left get `deadline_exceeded` (unknown). */
  async probe(hosts: MailHost[], addresses: string[], deadline: number, signal?: AbortSignal): Promise<Map<string, ProbeOutcome>> {
    const targets = this.targets(hosts);
    if (targets.list.length === 0) {
      const kind = targets.refused ? 'private_mx_refused' : 'no_mx_address';
      return new Map<string, ProbeOutcome>(addresses.map((a) => [a, { kind, mxHost: hosts[0]?.name }]));
    }
    if (this.egress.blocked) {
      // Only public hosts sit behind a blocked port 25; private and loopback ones (labs) are still tried.
      targets.list = targets.list.filter((target) => nonPublicReason(target.address) !== null);
      if (targets.list.length === 0) {
        const blocked: ProbeOutcome = { kind: 'port_25_blocked', mxHost: hosts[0]?.name, retryAfterMs: EGRESS_RECHECK_MS };
        return new Map<string, ProbeOutcome>(addresses.map((a) => [a, blocked]));
      }
    }
    const started = this.clock();
    const outcomes = await this.probeTargets(targets.list, addresses, deadline, signal);
    const durationMs = this.clock() - started;
    for (const outcome of outcomes.values()) this.observer.probed(outcome.kind, providerOf(outcome.mxHost), durationMs);
    return outcomes;
  }

  private async probeTargets(list: Target[], addresses: string[], deadline: number, signal?: AbortSignal): Promise<Map<string, ProbeOutcome>> {
    const outcomes = new Map<string, ProbeOutcome>();
    let pending = [...addresses];
    let lastFailure: ProbeOutcome = { kind: 'connect_refused' };
    for (const target of list) {
      if (pending.length === 0) break;
      if (this.clock() >= deadline || signal?.aborted) { lastFailure = { kind: 'deadline_exceeded' }; break; }
      const failure = await this.onTarget(target, pending, outcomes, deadline, signal);
      pending = pending.filter((a) => !outcomes.has(a));
      if (failure) lastFailure = failure;
    }
    for (const a of pending) outcomes.set(a, lastFailure);
    return outcomes;
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

  /** Probes as many pending addresses as this target allows; returns the failure that stopped it, if any. */
  private async onTarget(target: Target, pending: string[], outcomes: Map<string, ProbeOutcome>, deadline: number, signal?: AbortSignal): Promise<ProbeOutcome | null> {
    let queue = [...pending];
    let freshRetryLeft = true;
    while (queue.length) {
      let lease: Lease;
      try {
        lease = await this.pool.acquire(target.host, target.address, this.settings.port);
      } catch (error) {
        return this.failureOf(error, target);
      }
      const result = await this.runSession(lease, target, queue, outcomes, deadline, signal);
      await this.pool.release(lease, result.healthy, this.settings.maxRcptsPerSession);
      queue = queue.filter((a) => !outcomes.has(a));
      if (result.failure) {
        // A parked session may have been closed by the server meanwhile: one fresh try.
        if (lease.reused && freshRetryLeft && result.failure.kind === 'connection_closed') { freshRetryLeft = false; continue; }
        return result.failure;
      }
    }
    return null;
  }

  private async runSession(lease: Lease, target: Target, queue: string[], outcomes: Map<string, ProbeOutcome>, deadline: number, signal?: AbortSignal) {
    const { session } = lease;
    try {
      for (const address of queue) {
        if (session.rcptCount >= this.settings.maxRcptsPerSession) return { healthy: true, failure: null };
        if (this.clock() >= deadline || signal?.aborted) return { healthy: true, failure: { kind: 'deadline_exceeded' } as ProbeOutcome };
        const utf8 = !isAscii(address);
        if (utf8 && !session.supports('SMTPUTF8')) { outcomes.set(address, { kind: 'smtputf8_unsupported', ...spokenTo(target) }); continue; }
        const refusal = await session.ensureTransaction(utf8);
        if (refusal) {
          const kind = classifyRcptReply(refusal, target.host);
          // A refused MAIL FROM says nothing about any recipient.
          const policyKind = kind === 'no_mailbox' || kind === 'mailbox_disabled' ? 'policy_rejection' : kind;
          return { healthy: false, failure: { kind: policyKind, reply: refusal, ...spokenTo(target) } as ProbeOutcome };
        }
        let reply = await session.rcpt(address);
        let kind = classifyRcptReply(reply, target.host);
        if (kind === 'too_many_recipients') {
          await session.rset();
          await session.ensureTransaction(utf8);
          reply = await session.rcpt(address);
          kind = classifyRcptReply(reply, target.host);
        }
        if (reply.code === 421 || (reply.code === 452 && kind !== 'mailbox_full')) {
          this.backoff(target, reply.code);
          return { healthy: false, failure: { kind, reply, ...spokenTo(target), retryAfterMs: this.settings.backoffMs } as ProbeOutcome };
        }
        outcomes.set(address, { kind, reply, ...spokenTo(target) });
      }
      return { healthy: true, failure: null };
    } catch (error) {
      return { healthy: false, failure: this.failureOf(error, target) };
    }
  }

  private backoff(target: Target, replyCode: number): void {
    this.pool.backoff(target.address, this.settings.port, this.settings.backoffMs);
    this.observer.mxBackedOff(providerOf(target.host), replyCode);
  }

  private failureOf(error: unknown, target: Target): ProbeOutcome {
    if (error instanceof MxBackoffError) return { kind: 'rate_limited', ...spokenTo(target), retryAfterMs: Math.max(0, error.untilMs - this.clock()) };
    if (error instanceof SmtpTransportError) return { kind: error.kind, ...spokenTo(target) };
    if (error instanceof SmtpRefusedError) {
      if (error.reply.code === 421) this.backoff(target, 421);
      const kind = classifyRcptReply(error.reply, target.host);
      const policyKind = kind === 'no_mailbox' || kind === 'mailbox_disabled' || kind === 'accepted' ? 'policy_rejection' : kind;
      return { kind: policyKind, reply: error.reply, ...spokenTo(target) };
    }
    throw error;
  }
}

const providerOf = (mxHost: string | undefined): string => (mxHost ? providerForMx(mxHost).provider : '');

/** The host and address a reply came from: the evidence kept with the verdict. */
const spokenTo = (target: Target): Pick<ProbeOutcome, 'mxHost' | 'mxAddress'> => ({ mxHost: target.host, mxAddress: target.address });

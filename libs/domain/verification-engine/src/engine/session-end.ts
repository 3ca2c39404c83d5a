import { classifyRcptReply, classifySessionRefusal } from '../smtp/reply-classifier';
import { SmtpReply } from '../smtp/smtp-reply';
import { Lease } from '../smtp/mx-pool';
import { MxFeedback, isTimeout } from './mx-feedback';
import { MxTarget, spokenTo } from './mx-target';
import { ProbeKind, ProbeOutcome } from './probe-outcome';

/** Why a session ended (see settleSession for what each one does to the MX's limits and the session). */
export type SessionEnd =
  /** The queue is empty, or the session carried its most recipients: parked for reuse if the pool agrees. */
  | { why: 'done' }
  /** A bulk session between two RCPTs while an interactive call waits for the MX: its connection goes to that call. */
  | { why: 'bulk_yielded' }
  /** An interactive call's addresses are answered while another waits for the MX: it takes the session as it is. */
  | { why: 'handed_over' }
  /** The session made as many errors as the MX's budget: retired before the server's own error limit. */
  | { why: 'error_budget_spent' }
  /** The open message carries as many recipients as the MX takes (`learned`: the cap a 452 4.5.3 just taught). */
  | { why: 'rcpt_cap_reached'; learned: number | null }
  | { why: 'deadline' }
  /** MAIL FROM refused other than with a 421. */
  | { why: 'mail_from_refused'; reply: SmtpReply }
  /** A 421 to MAIL FROM or a RCPT: the server is closing; decides nothing. */
  | { why: 'closed_421'; reply: SmtpReply }
  /** A 452 other than "mailbox full" or a recipient cap: the MX is out of resources for us. */
  | { why: 'mx_busy'; reply: SmtpReply; kind: ProbeKind }
  /** A RCPT refused because of who we are (a blocklist, a banned sending address): the route is refused here. */
  | { why: 'sender_blocked'; reply: SmtpReply }
  /** A refusal answered much slower than the session's usual (`errorsBefore`: its errors before that RCPT). */
  | { why: 'tarpitted'; errorsBefore: number }
  | { why: 'failed'; error: unknown };

/** What the pool is told (keep the session for reuse?) and what stops probing on this MX address, if anything. */
export interface Settled {
  keep: boolean;
  failure: ProbeOutcome | null;
}

/**
 * The edge of a session: what its end teaches the MX's limits and tells the observer, and what follows
 * for the session and the addresses left. The one place a session's end is reported. `retryAfterMs`:
 * when the addresses a 421 or a 452 left unanswered may be asked again (the MX's back-off delay).
 */
export function settleSession(
  end: SessionEnd,
  lease: Lease,
  target: MxTarget,
  feedback: MxFeedback,
  retryAfterMs: number,
): Settled {
  switch (end.why) {
    case 'done':
      feedback.clean(lease);
      return { keep: true, failure: null };
    case 'bulk_yielded':
      feedback.adapted('bulk_yielded', target);
      return { keep: true, failure: null };
    case 'handed_over':
      // Not an end for the MX: the session goes on, its transaction open, for the next call (MxPool.handOver).
      return { keep: true, failure: null };
    case 'error_budget_spent':
      // Retired before the server's error limit: a fresh session is served without delays.
      feedback.adapted('retired_error_budget', target);
      feedback.clean(lease);
      return { keep: false, failure: null };
    case 'rcpt_cap_reached':
      if (end.learned !== null) feedback.rcptCapSeen(lease, end.learned);
      feedback.adapted('retired_rcpt_cap', target);
      return { keep: false, failure: null };
    case 'deadline':
      return { keep: true, failure: { kind: 'deadline_exceeded' } };
    case 'mail_from_refused':
      return {
        keep: false,
        failure: { kind: classifySessionRefusal(end.reply, target.host), reply: end.reply, ...spokenTo(target) },
      };
    case 'closed_421': {
      // The 421 itself counted as an error; the ones before it are what the server would not take more of.
      feedback.errorLimitSeen(lease, target, lease.session.errors - 1, true);
      feedback.trouble(target, lease.since);
      const kind = classifyRcptReply(end.reply, target.host);
      return { keep: false, failure: { kind, reply: end.reply, ...spokenTo(target), retryAfterMs } };
    }
    case 'mx_busy':
      feedback.backoff(target, end.reply.code);
      return { keep: false, failure: { kind: end.kind, reply: end.reply, ...spokenTo(target), retryAfterMs } };
    case 'sender_blocked':
      return { keep: false, failure: { kind: 'ip_blocked', reply: end.reply, ...spokenTo(target) } };
    case 'tarpitted':
      // The reply is good, but the server has started holding this session back: replace it.
      feedback.adapted('retired_tarpit', target);
      feedback.errorLimitSeen(lease, target, end.errorsBefore, false);
      feedback.trouble(target, lease.since);
      return { keep: false, failure: null };
    case 'failed':
      if (isTimeout(end.error)) feedback.trouble(target, lease.since);
      return { keep: false, failure: feedback.failureOf(end.error, target) };
  }
}

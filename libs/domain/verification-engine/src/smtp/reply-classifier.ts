import { providerReplyClass } from '../providers/provider-reply-rules';
import type { RcptClass } from './rcpt-class';
import { SmtpReply } from './smtp-reply';
import {
  AUTH,
  BLOCKLIST,
  DISABLED,
  GREYLIST,
  MAILBOX_FULL,
  NO_MAILBOX,
  POLICY,
  RATE,
  RDNS,
  RECIPIENT_DISABLED,
  RELAY,
  SENDER,
  TEMPORARY,
  TOO_MANY_RCPTS,
  UNKNOWN_USER,
} from './reply-patterns';

const any = (patterns: RegExp[], text: string) => patterns.some((p) => p.test(text));

/**
 * Mailbox-versus-policy decision for a RCPT reply, from the code, the enhanced status and
 * the text; `mxHost` (the host that answered) selects the provider's own rules first
 * (providers/provider-reply-rules). Policy evidence wins over mailbox evidence, and a 4xx is
 * never a mailbox rejection, because `invalid` must be right every time it is said.
 */
export function classifyRcptReply(reply: SmtpReply, mxHost?: string): RcptClass {
  const { code } = reply;
  const text = reply.text.toLowerCase();
  const enhanced = reply.enhanced ?? '';
  if (code === 250 || code === 251) return 'accepted';
  if (code === 252) return 'cannot_verify';
  const specific = providerReplyClass(mxHost, reply);
  if (specific) return specific;
  if (code === 452 && (enhanced === '4.5.3' || any(TOO_MANY_RCPTS, text))) return 'too_many_recipients';
  if (enhanced.endsWith('.2.2') || any(MAILBOX_FULL, text)) return 'mailbox_full';
  if (any(RDNS, text)) return 'rdns_required';
  if (code >= 400 && code < 500) return classifyTemporary(code, text);
  if (code < 500 || code > 599) return 'rejected_unclassified';
  return classifyPermanent(enhanced, text);
}

function classifyPermanent(enhanced: string, text: string): RcptClass {
  if (any(RECIPIENT_DISABLED, text)) return 'mailbox_disabled';
  if (any(RELAY, text)) return 'relay_denied';
  if (any(AUTH, text)) return 'policy_rejection';
  if (any(BLOCKLIST, text)) return 'ip_blocked';
  if (any(SENDER, text)) return 'policy_rejection';
  if (any(RATE, text)) return 'rate_limited';
  if (any(TOO_MANY_RCPTS, text)) return 'too_many_recipients';
  if (any(POLICY, text)) return 'policy_rejection';
  // A 5.7.x names a policy unless its text says plainly that the user is unknown.
  if (enhanced.startsWith('5.7.')) return any(UNKNOWN_USER, text) ? 'no_mailbox' : 'policy_rejection';
  const mailboxFamily =
    enhanced === '' ||
    enhanced.startsWith('5.1.') ||
    enhanced.startsWith('5.0.') ||
    enhanced.startsWith('5.5.') ||
    enhanced.startsWith('5.2.');
  if (enhanced === '5.2.1' && any(NO_MAILBOX, text)) return 'no_mailbox';
  if (enhanced === '5.2.1' || (mailboxFamily && any(DISABLED, text))) return 'mailbox_disabled';
  if (enhanced === '5.1.1' || enhanced === '5.1.10' || enhanced === '5.1.6') return 'no_mailbox';
  if (enhanced.startsWith('5.4.') || enhanced.startsWith('5.3.')) return 'rejected_unclassified';
  return any(NO_MAILBOX, text) ? 'no_mailbox' : 'rejected_unclassified';
}

function classifyTemporary(code: number, text: string): RcptClass {
  if (any(TEMPORARY, text)) return 'temporary_failure';
  if (any(AUTH, text)) return 'policy_rejection';
  if (any(BLOCKLIST, text)) return 'ip_blocked';
  if (code === 421 || (any(RATE, text) && !any(GREYLIST.slice(0, 1), text))) return 'rate_limited';
  if (code === 450 || code === 451 || any(GREYLIST, text)) return 'greylisted';
  return 'temporary_failure';
}

/**
 * A reply that refused the session before any recipient was asked (banner, EHLO, STARTTLS, MAIL FROM):
 * read like a RCPT reply for its policy, rate or transport meaning, but it says nothing about a mailbox,
 * so neither "no such mailbox" nor "accepted" may come of it.
 */
export function classifySessionRefusal(reply: SmtpReply, mxHost?: string): RcptClass {
  const kind = classifyRcptReply(reply, mxHost);
  return kind === 'no_mailbox' || kind === 'mailbox_disabled' || kind === 'accepted' ? 'policy_rejection' : kind;
}

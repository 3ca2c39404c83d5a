import type { RcptClass } from '../smtp/rcpt-class';
import type { SmtpReply } from '../smtp/smtp-reply';
import { providerForMx } from './provider-playbook';

/**
 * A reply that means something specific on one provider's MX, where the generic reading would be
 * wrong. Rules are keyed by the provider the MX host belongs to (see provider-playbook), so a text
 * that is a directory lookup at Microsoft 365 stays a policy refusal on an unknown server.
 */
export interface ProviderReplyRule {
  provider: string;
  /** RFC 3463 enhanced code the reply must carry, when the rule needs one. */
  enhanced?: string;
  pattern: RegExp;
  kind: RcptClass;
  /** Where the meaning is documented. */
  source: string;
}

export const PROVIDER_REPLY_RULES: ProviderReplyRule[] = [
  {
    // Directory-based edge blocking: Exchange Online refuses a recipient its directory does not hold.
    provider: 'microsoft365',
    enhanced: '5.4.1',
    pattern: /recipient address rejected: access denied/,
    kind: 'no_mailbox',
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/fix-error-code-550-5-4-1-in-exchange-online',
  },
  {
    // The domain's tenant has no mailbox licence yet (or lost it): the domain, not the mailbox, is the problem, and it is temporary.
    provider: 'microsoft365',
    pattern: /hosted tenant which has no mail-enabled subscriptions/,
    kind: 'temporary_failure',
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online',
  },
  {
    // Trend Micro Email Security with Directory Management answers this for a recipient missing from the imported directory.
    provider: 'trend_micro',
    pattern: /recipient address rejected: access denied/,
    kind: 'no_mailbox',
    source:
      'https://success.trendmicro.com/solution/1053962-smtp-error-554-5-7-1-appears-when-sending-an-email-to-a-hosted-email-security-hes-user',
  },
  {
    // Proofpoint Essentials answers this for an address its SMTP Discovery found invalid (not in the customer's directory).
    provider: 'proofpoint',
    pattern: /user email address is marked as invalid/,
    kind: 'no_mailbox',
    source: 'https://www.spambrella.com/faq/email-delivery-error-codes/',
  },
  {
    // Yandex: the recipient's account is blocked for breaking the user agreement.
    provider: 'yandex',
    pattern: /policy rejection on the target address/,
    kind: 'mailbox_disabled',
    source: 'https://yandex.com/support/mail/bounces/yandex/policy-rejection-on-the-target-address.html',
  },
  {
    // Mimecast greylists unknown senders with this 451.
    provider: 'mimecast',
    pattern: /internal resource temporarily unavailable/,
    kind: 'greylisted',
    source: 'https://mimecastsupport.zendesk.com/hc/en-us/articles/34000709564691-Policies-Mimecast-SMTP-Error-Codes',
  },
  {
    // Mimecast's answer once the sending IP tried too many invalid recipients: about the prober, not the mailbox.
    provider: 'mimecast',
    pattern: /recipient temporarily unavailable/,
    kind: 'ip_blocked',
    source: 'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754',
  },
  {
    // iCloud returned this for existing users during an outage: never proof that the mailbox is gone.
    provider: 'icloud',
    pattern: /user lookup success but no user record found/,
    kind: 'temporary_failure',
    source: 'https://status.socketlabs.com/incident/306',
  },
  {
    // A Hide My Email relay address its owner turned off: the address no longer takes mail.
    provider: 'icloud',
    pattern: /relay not permitted for user/,
    kind: 'mailbox_disabled',
    source: 'https://tamingdns.com/bounce-decoder/apple',
  },
];

/** The provider-specific meaning of a reply from this MX host, or null when the generic reading applies. */
export function providerReplyClass(mxHost: string | undefined, reply: SmtpReply): RcptClass | null {
  if (!mxHost) return null;
  const { provider } = providerForMx(mxHost);
  if (!provider) return null;
  const text = reply.text.toLowerCase();
  const rule = PROVIDER_REPLY_RULES.find(
    (r) => r.provider === provider && (!r.enhanced || r.enhanced === reply.enhanced) && r.pattern.test(text),
  );
  return rule?.kind ?? null;
}

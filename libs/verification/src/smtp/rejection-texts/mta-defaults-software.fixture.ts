import type { RejectionCase } from './rejection-case';

/**
 * Default texts of MTA software (Postfix, Exim, qmail / vpopmail, Sendmail), carried over from the first fixture. Their source is named by software or
 * operator only, not by address, so they are not counted among the sourced replies; they guard the
 * generic rules against regressions.
 */
export const MTA_SOFTWARE_DEFAULT_REPLIES: RejectionCase[] = [
  // Postfix
  {
    source: 'postfix',
    reply: '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in virtual mailbox table',
    expect: 'no_mailbox',
  },
  {
    source: 'postfix',
    reply: '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in local recipient table',
    expect: 'no_mailbox',
  },
  {
    source: 'postfix',
    reply: '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown in relay recipient table',
    expect: 'no_mailbox',
  },
  {
    source: 'postfix',
    reply:
      '550 5.1.1 <nobody@example.com>: Recipient address rejected: undeliverable address: host mail.example.com said: 550 5.1.1 User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'postfix',
    reply:
      '450 4.1.1 <nobody@example.com>: Recipient address rejected: unverified address: Address verification in progress',
    expect: 'greylisted',
  },
  { source: 'postfix', reply: '554 5.7.1 <nobody@example.com>: Relay access denied', expect: 'relay_denied' },
  {
    source: 'postfix',
    reply:
      '554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/203.0.113.5',
    expect: 'ip_blocked',
  },
  {
    source: 'postfix',
    reply:
      '554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using bl.spamcop.net; Blocked - see https://www.spamcop.net/bl.shtml?203.0.113.5',
    expect: 'ip_blocked',
  },
  {
    source: 'postfix',
    reply: '450 4.7.1 Client host rejected: cannot find your hostname, [203.0.113.5]',
    expect: 'rdns_required',
  },
  {
    source: 'postfix',
    reply: '550 5.7.1 Client host rejected: cannot find your reverse hostname, [203.0.113.5]',
    expect: 'rdns_required',
  },
  {
    source: 'postfix',
    reply: '450 4.7.1 <verifier.example>: Helo command rejected: Host not found',
    expect: 'rdns_required',
  },
  {
    source: 'postfix',
    reply:
      '450 4.2.0 <nobody@example.com>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/example.com.html',
    expect: 'greylisted',
  },
  { source: 'postfix', reply: '451 4.3.5 Server configuration problem', expect: 'greylisted' },
  { source: 'postfix', reply: '452 4.3.1 Insufficient system storage', expect: 'temporary_failure' },
  {
    source: 'postfix',
    reply: '421 4.7.0 mail.example.com Error: too many connections from 203.0.113.5',
    expect: 'rate_limited',
  },
  {
    source: 'postfix',
    reply: '550 5.1.0 <probe@verifier.example>: Sender address rejected: Domain not found',
    expect: 'policy_rejection',
  },
  {
    source: 'postfix',
    reply: '552 5.2.2 <nobody@example.com>: Recipient address rejected: Mailbox full',
    expect: 'mailbox_full',
  },
  {
    source: 'postfix+dovecot',
    reply: '552 5.2.2 <nobody@example.com>: Quota exceeded (mailbox for user is full)',
    expect: 'mailbox_full',
  },
  {
    source: 'postfix',
    reply: '550 5.7.1 <nobody@example.com>: Recipient address rejected: Access denied',
    expect: 'ip_blocked',
  },
  {
    source: 'postfix',
    reply: '554 5.7.1 <unknown[203.0.113.5]>: Client host rejected: Access denied',
    expect: 'ip_blocked',
  },
  {
    source: 'postfix',
    reply: '550 5.1.1 <nobody@example.com>: Recipient address rejected: example.com',
    expect: 'no_mailbox',
  },
  // Exim
  { source: 'exim', reply: '550 Unrouteable address', expect: 'no_mailbox' },
  {
    source: 'exim',
    reply: '550-Verification failed for <nobody@example.com>\n550-Unrouteable address\n550 Sender verify failed',
    expect: 'policy_rejection',
  },
  { source: 'exim', reply: '550 No Such User Here', expect: 'no_mailbox' },
  { source: 'exim/cpanel', reply: '550 No such person at this address', expect: 'no_mailbox' },
  { source: 'exim', reply: '550 unknown user', expect: 'no_mailbox' },
  { source: 'exim', reply: '550 Administrative prohibition', expect: 'rejected_unclassified' },
  { source: 'exim', reply: '451 Temporary local problem - please try later', expect: 'greylisted' },
  {
    source: 'exim',
    reply: '550 Rejected because 203.0.113.5 is in a black list at zen.spamhaus.org',
    expect: 'ip_blocked',
  },
  {
    source: 'exim',
    reply:
      '451-203.0.113.5 is not yet authorized to deliver mail from\n451 <probe@verifier.example> to <nobody@example.com>. Please try later.',
    expect: 'greylisted',
  },
  {
    source: 'exim',
    reply: '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'exim/cpanel',
    reply:
      '550 The mail server could not deliver mail to nobody@example.com.  The account or domain may not exist, they may be blacklisted, or missing the proper dns entries.',
    expect: 'ip_blocked',
  },
  {
    source: 'exim',
    reply: '421 Too many concurrent SMTP connections; please try again later.',
    expect: 'rate_limited',
  },
  { source: 'exim', reply: '550 Mailbox quota exceeded', expect: 'mailbox_full' },
  // qmail / vpopmail
  { source: 'qmail', reply: '550 sorry, no mailbox here by that name. (#5.1.1)', expect: 'no_mailbox' },
  {
    source: 'qmail',
    reply: "553 sorry, that domain isn't in my list of allowed rcpthosts (#5.7.1)",
    expect: 'rejected_unclassified',
  },
  { source: 'qmail', reply: '511 sorry, no mailbox here by that name (#5.1.1 - chkuser)', expect: 'no_mailbox' },
  { source: 'qmail', reply: '550 5.1.1 sorry, no mailbox here by that name (#5.1.1 - chkuser)', expect: 'no_mailbox' },
  { source: 'qmail', reply: '451 qq temporary problem (#4.3.0)', expect: 'greylisted' },
  { source: 'qmail', reply: '552 sorry, the mailbox is over quota (#5.2.2 - chkuser)', expect: 'mailbox_full' },
  // Sendmail
  { source: 'sendmail', reply: '550 5.1.1 <nobody@example.com>... User unknown', expect: 'no_mailbox' },
  { source: 'sendmail', reply: '550 5.7.1 <nobody@example.com>... Relaying denied', expect: 'relay_denied' },
  { source: 'sendmail', reply: '553 5.3.0 <nobody@example.com>... No such user', expect: 'rejected_unclassified' },
  { source: 'sendmail', reply: '550 5.0.0 <nobody@example.com>... No such user', expect: 'no_mailbox' },
  { source: 'sendmail', reply: '451 4.7.1 Please try again later', expect: 'greylisted' },
  { source: 'sendmail', reply: '550 5.7.1 Mail from 203.0.113.5 refused - see http://dsbl.org/', expect: 'ip_blocked' },
];

import type { RejectionCase } from './rejection-case';

/**
 * Default texts of security gateways and blocklist operators, carried over from the first fixture. Their source is named by software or
 * operator only, not by address, so they are not counted among the sourced replies; they guard the
 * generic rules against regressions.
 */
export const GATEWAY_DEFAULT_REPLIES: RejectionCase[] = [
  // Security gateways
  { source: 'proofpoint', reply: '550 5.1.1 User Unknown', expect: 'no_mailbox' },
  {
    source: 'proofpoint',
    reply: '554 Blocked - see https://ipcheck.proofpoint.com/?ip=203.0.113.5',
    expect: 'ip_blocked',
  },
  { source: 'proofpoint', reply: '553 5.7.1 [203.0.113.5] Access denied, blacklisted sender.', expect: 'ip_blocked' },
  {
    source: 'mimecast',
    reply: '550 Invalid Recipient - https://community.mimecast.com/docs/DOC-1369#550',
    expect: 'no_mailbox',
  },
  {
    source: 'mimecast',
    reply: '554 Email rejected due to security policies - https://community.mimecast.com/docs/DOC-1369#554',
    expect: 'rejected_unclassified',
  },
  {
    source: 'mimecast',
    reply: '451 Open relay not allowed - https://community.mimecast.com/docs/DOC-1369#451',
    expect: 'greylisted',
  },
  { source: 'mimecast', reply: '550 Rejected by header based Anti-Spoofing policy', expect: 'policy_rejection' },
  {
    source: 'barracuda',
    reply:
      '550 permanent failure for one or more recipients (nobody@example.com:550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown)',
    expect: 'no_mailbox',
  },
  {
    source: 'barracuda',
    reply:
      '554 Service unavailable; Client host [203.0.113.5] blocked using Barracuda Reputation; http://www.barracudanetworks.com/reputation/?r=1&ip=203.0.113.5',
    expect: 'ip_blocked',
  },
  {
    source: 'barracuda',
    reply: '550 No such domain at this location (nobody@example.com)',
    expect: 'rejected_unclassified',
  },
  { source: 'spamexperts', reply: '550 Invalid recipient <nobody@example.com> (#5.1.1)', expect: 'no_mailbox' },
  { source: 'spamexperts', reply: '451 Could not complete sender verify callout', expect: 'greylisted' },
  { source: 'cisco ironport', reply: '550 #5.1.0 Address rejected.', expect: 'no_mailbox' },
  {
    source: 'cisco ironport',
    reply: "554 Your access to this mail system has been rejected due to the sending MTA's poor reputation.",
    expect: 'ip_blocked',
  },
  {
    source: 'trend micro',
    reply: '550 5.1.1 <nobody@example.com>... User unknown (in reply to RCPT TO command)',
    expect: 'no_mailbox',
  },
  {
    source: 'trend micro',
    reply: '550 5.7.1 Email rejected because 203.0.113.5 is listed by ers.trendmicro.com',
    expect: 'ip_blocked',
  },
  { source: 'sophos', reply: '550 5.7.1 Command rejected', expect: 'policy_rejection' },
  {
    source: 'symantec messagelabs',
    reply: '553-mail rejected because your IP is in the PBL. See http://www.spamhaus.org/pbl',
    expect: 'ip_blocked',
  },
  {
    source: 'symantec messagelabs',
    reply: '550 Requested action aborted: local error in processing',
    expect: 'rejected_unclassified',
  },
  // Blocklist operators and generic
  {
    source: 'spamhaus',
    reply: '550 5.7.1 Service unavailable; client [203.0.113.5] blocked using sbl.spamhaus.org',
    expect: 'ip_blocked',
  },
  {
    source: 'sorbs',
    reply: '554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using dnsbl.sorbs.net',
    expect: 'ip_blocked',
  },
  { source: 'uceprotect', reply: '554 Your IP 203.0.113.5 is listed at UCEPROTECT-Level1', expect: 'ip_blocked' },
  {
    source: 'generic',
    reply: '252 2.1.5 Cannot VRFY user, but will accept message and attempt delivery',
    expect: 'cannot_verify',
  },
  { source: 'generic', reply: '250 2.1.5 Ok', expect: 'accepted' },
  { source: 'generic', reply: '251 2.1.5 User not local; will forward', expect: 'accepted' },
  { source: 'generic', reply: '450 4.2.0 Mailbox temporarily unavailable', expect: 'greylisted' },
  { source: 'generic', reply: '553 5.1.3 Bad recipient address syntax', expect: 'rejected_unclassified' },
  { source: 'generic', reply: '550 5.1.6 Recipient addresses moved; new address unknown', expect: 'no_mailbox' },
  {
    source: 'generic',
    reply: '550 5.2.1 The email account that you tried to reach is inactive',
    expect: 'mailbox_disabled',
  },
  { source: 'generic', reply: '550 Account suspended', expect: 'mailbox_disabled' },
  { source: 'generic', reply: '550 5.4.4 Unable to route', expect: 'rejected_unclassified' },
  { source: 'generic', reply: '550 5.7.0 Local Policy Violation', expect: 'policy_rejection' },
  { source: 'generic', reply: '501 5.5.4 Invalid domain name', expect: 'rejected_unclassified' },
];

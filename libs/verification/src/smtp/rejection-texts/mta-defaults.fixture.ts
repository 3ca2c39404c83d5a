import type { RejectionCase } from './rejection-case';

/**
 * Default texts of common MTAs and ISPs (Postfix, Exim, qmail, Sendmail, Exchange, ...) carried over
 * from the first fixture. Their source is named by software or operator only, not by address, so they
 * are not counted among the sourced replies; they guard the generic rules against regressions.
 */
export const MTA_DEFAULT_REPLIES: RejectionCase[] = [
  // Gmail / Google Workspace
  {
    source: 'gmail',
    reply:
      "550-5.1.1 The email account that you tried to reach does not exist. Please try\n550-5.1.1 double-checking the recipient's email address for typos or\n550 5.1.1 unnecessary spaces. Learn more at https://support.google.com/mail/?p=NoSuchUser",
    expect: 'no_mailbox',
  },
  {
    source: 'gmail',
    reply:
      '550-5.2.1 The email account that you tried to reach is disabled.\n550 5.2.1 https://support.google.com/mail/?p=DisabledUser',
    expect: 'mailbox_disabled',
  },
  {
    source: 'gmail',
    reply:
      '552-5.2.2 The email account that you tried to reach is over quota.\n552 5.2.2 Please direct the recipient to https://support.google.com/mail/?p=OverQuotaPerm',
    expect: 'mailbox_full',
  },
  {
    source: 'gmail',
    reply:
      '452-4.2.2 The email account that you tried to reach is over quota.\n452 4.2.2 Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp',
    expect: 'mailbox_full',
  },
  {
    source: 'gmail',
    reply:
      '421-4.7.0 [203.0.113.5] Our system has detected an unusual rate of\n421 4.7.0 unsolicited mail originating from your IP address.',
    expect: 'rate_limited',
  },
  {
    source: 'gmail',
    reply:
      '450-4.2.1 The user you are trying to contact is receiving mail at a rate that\n450 4.2.1 prevents additional messages from being delivered.',
    expect: 'rate_limited',
  },
  {
    source: 'gmail',
    reply:
      '550-5.7.1 [203.0.113.5] Our system has detected that this message is likely\n550 5.7.1 unsolicited mail. To reduce the amount of spam sent to Gmail, this message has been blocked.',
    expect: 'ip_blocked',
  },
  {
    source: 'gmail',
    reply:
      '550-5.7.25 [203.0.113.5] The IP address sending this message does not have a\n550 5.7.25 PTR record setup, or the corresponding forward DNS entry does not point to the sending IP.',
    expect: 'rdns_required',
  },
  { source: 'gmail', reply: '451-4.3.0 Mail server temporarily rejected message.', expect: 'greylisted' },
  {
    source: 'gmail',
    reply:
      '421-4.7.28 [203.0.113.5] Our system has detected an unusual rate of unsolicited mail originating from your IP address.',
    expect: 'rate_limited',
  },
  {
    source: 'gmail',
    reply: '550 5.7.26 This mail has been blocked because the sender is unauthenticated.',
    expect: 'policy_rejection',
  },
  { source: 'gmail', reply: '421 4.7.0 Try again later, closing connection. (EHLO)', expect: 'rate_limited' },
  // Outlook.com / Microsoft 365 / Exchange
  {
    source: 'outlook.com',
    reply: '550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302).',
    expect: 'no_mailbox',
  },
  { source: 'outlook.com', reply: '550 Requested action not taken: mailbox unavailable', expect: 'no_mailbox' },
  {
    source: 'microsoft365',
    reply: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
    expect: 'no_mailbox',
  },
  { source: 'exchange', reply: '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found', expect: 'no_mailbox' },
  { source: 'exchange', reply: '550 5.1.1 User unknown', expect: 'no_mailbox' },
  {
    source: 'microsoft365',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply:
      '550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [BN1NAM02FT011.eop-nam02.prod.protection.outlook.com]',
    expect: 'no_mailbox',
  },
  {
    source: 'outlook.com',
    reply:
      "550 5.7.1 Unfortunately, messages from [203.0.113.5] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150).",
    expect: 'ip_blocked',
  },
  {
    source: 'outlook.com',
    reply: '451 4.7.500 Server busy. Please try again later from [203.0.113.5]. (S77714)',
    expect: 'temporary_failure',
  },
  { source: 'outlook.com', reply: '452 4.5.3 Too many recipients (AS780090)', expect: 'too_many_recipients' },
  {
    source: 'microsoft365',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply:
      '451 4.4.4 Mail received as unauthenticated, incoming to a recipient domain configured in a hosted tenant which has no mail-enabled subscriptions.',
    expect: 'temporary_failure',
  },
  {
    source: 'microsoft365',
    reply: '550 5.7.606 Access denied, banned sending IP [203.0.113.5].',
    expect: 'ip_blocked',
  },
  {
    source: 'microsoft365',
    reply: '550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.',
    expect: 'ip_blocked',
  },
  { source: 'exchange', reply: '550 5.2.1 Mailbox cannot be accessed: mailbox disabled', expect: 'mailbox_disabled' },
  {
    source: 'exchange',
    reply: '554 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException',
    expect: 'mailbox_full',
  },
  { source: 'exchange', reply: '550 5.7.1 Unable to relay', expect: 'relay_denied' },
  {
    source: 'exchange',
    reply: '550 5.7.54 SMTP; Unable to relay recipient in non-accepted domain',
    expect: 'relay_denied',
  },
  {
    source: 'outlook.com',
    reply: '421 4.3.2 The maximum number of concurrent connections has exceeded a limit, closing transmission channel',
    expect: 'rate_limited',
  },
  // Yahoo / AOL
  {
    source: 'yahoo',
    reply:
      "554 delivery error: dd This user doesn't have a yahoo.com account (someone@yahoo.com) [0] - mta1234.mail.bf1.yahoo.com",
    expect: 'no_mailbox',
  },
  {
    source: 'yahoo',
    reply:
      '554 delivery error: dd Sorry your message to someone@yahoo.com cannot be delivered. This mailbox is disabled (554.30). - mta1042.mail.ne1.yahoo.com',
    expect: 'mailbox_disabled',
  },
  {
    source: 'yahoo',
    reply:
      '421 4.7.0 [TSS04] Messages from 203.0.113.5 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.yahooinc.com/error-codes',
    expect: 'rate_limited',
  },
  {
    source: 'yahoo',
    reply: '553 5.7.2 [TSS09] All messages from 203.0.113.5 will be permanently deferred; Retrying will NOT succeed.',
    expect: 'policy_rejection',
  },
  { source: 'yahoo', reply: '554 5.7.9 Message not accepted for policy reasons.', expect: 'policy_rejection' },
  { source: 'aol', reply: '550 5.1.1 <someone@aol.com>: Recipient address rejected: aol.com', expect: 'no_mailbox' },
  { source: 'yahoo', reply: '452 4.2.2 Mailbox is full', expect: 'mailbox_full' },
  { source: 'yahoo', reply: '451 Message temporarily deferred - [170]', expect: 'rate_limited' },
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
  // Other hosted providers
  { source: 'icloud', reply: '550 5.1.1 <nobody@icloud.com>: user does not exist', expect: 'no_mailbox' },
  { source: 'icloud', reply: '554 5.7.1 [CS01] Message rejected due to local policy.', expect: 'policy_rejection' },
  { source: 'zoho', reply: '550 5.1.1 User does not exist - <nobody@zoho.com>', expect: 'no_mailbox' },
  { source: 'zoho', reply: '554 5.7.1 : Recipient address rejected: Access denied', expect: 'ip_blocked' },
  { source: 'yandex', reply: '550 5.7.1 No such user!', expect: 'no_mailbox' },
  {
    source: 'mail.ru',
    reply:
      '550 Message was not accepted -- invalid mailbox.  Local mailbox nobody@mail.ru is unavailable: user not found',
    expect: 'no_mailbox',
  },
  {
    source: 'mail.ru',
    reply: '550 spam message rejected. Please visit https://help.mail.ru/notspam-support/id?c=...',
    expect: 'policy_rejection',
  },
  { source: 'gmx/web.de', reply: '550 Requested action not taken: mailbox unavailable', expect: 'no_mailbox' },
  {
    source: 'gmx/web.de',
    reply:
      '554-gmx.net (mxgmx017) Nemesis ESMTP Service not available\n554-No SMTP service\n554 Reject due to policy restrictions.',
    expect: 'rejected_unclassified',
  },
  { source: 't-online.de', reply: '550 5.1.1 <nobody@t-online.de> user unknown', expect: 'no_mailbox' },
  {
    source: 't-online.de',
    reply:
      '554 IP=203.0.113.5 - A problem occurred. (Ask your postmaster for help or to contact tosa@rx.t-online.de to clarify.) (BL)',
    expect: 'rejected_unclassified',
  },
  { source: 'comcast', reply: '550 5.1.1 Not our Customer', expect: 'no_mailbox' },
  {
    source: 'comcast',
    reply:
      '554 5.7.1 203.0.113.5 found on one or more DNSBLs, see http://postmaster.comcast.net/smtp-error-codes.php#BL000010',
    expect: 'ip_blocked',
  },
  {
    source: 'att',
    reply: '550 5.1.1 <nobody@att.net>... Addressee unknown, relay=[203.0.113.5]',
    expect: 'no_mailbox',
  },
  {
    source: 'att',
    reply:
      '553 5.3.0 flph829 DNSBL:RBL 521< 203.0.113.5 >_is_blocked.For assistance forward this error to abuse_rbl@abuse-att.net',
    expect: 'ip_blocked',
  },
  { source: 'protonmail', reply: '550 5.1.1 Address does not exist', expect: 'no_mailbox' },
  {
    source: 'fastmail',
    reply: '550 5.1.1 <nobody@fastmail.com>: Recipient address rejected: User unknown in virtual alias table',
    expect: 'no_mailbox',
  },
  {
    source: 'rackspace',
    reply: '550 5.1.1 <nobody@example.com>: Recipient address rejected: No such user',
    expect: 'no_mailbox',
  },
  {
    source: 'godaddy',
    reply: '550 5.1.1 <nobody@example.com> Recipient not found.  <http://x.co/irbounce>',
    expect: 'no_mailbox',
  },
  {
    source: 'godaddy',
    reply:
      '554 203.0.113.5 has been blocked by p3plibsmtp. To request removal of this IP visit https://unblock.secureserver.net',
    expect: 'ip_blocked',
  },
  {
    source: 'zimbra',
    reply: '550 5.1.1 <nobody@example.com>: Recipient address rejected: example.com',
    expect: 'no_mailbox',
  },
  { source: 'courier', reply: '550 User unknown.', expect: 'no_mailbox' },
  {
    source: 'dovecot-lmtp',
    reply: "550 5.1.1 <nobody@example.com> User doesn't exist: nobody@example.com",
    expect: 'no_mailbox',
  },
  { source: 'mdaemon', reply: '550 5.1.1 <nobody@example.com>... Unknown user', expect: 'no_mailbox' },
  { source: 'kerio', reply: '550 5.1.1 Mailbox "nobody" does not exist', expect: 'no_mailbox' },
  {
    source: 'lotus domino',
    reply: '550 5.0.0 Your e-mail address was not found in the directory',
    expect: 'policy_rejection',
  },
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

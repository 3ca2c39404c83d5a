import type { RejectionCase } from './rejection-case';

/**
 * Default texts of hosted mail providers (Gmail, Microsoft, Yahoo / AOL and others), carried over from the first fixture. Their source is named by software or
 * operator only, not by address, so they are not counted among the sourced replies; they guard the
 * generic rules against regressions.
 */
export const PROVIDER_DEFAULT_REPLIES: RejectionCase[] = [
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
];

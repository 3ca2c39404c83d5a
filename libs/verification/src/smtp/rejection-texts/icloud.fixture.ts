import type { RejectionCase } from './rejection-case';

/** Replies from icloud: provider documentation and real bounces, each with its source. */
export const ICLOUD_REPLIES: RejectionCase[] = [
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-apple-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.1.6 recipient no longer on server: kijitora@example.jp',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-apple-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx01.mail.icloud.com',
    reply:
      "554 5.7.1 Your message was rejected due to libsisimai.org's DMARC policy. See https://support.apple.com/en-us/HT204137 for info",
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-apple-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx02.mail.icloud.com',
    reply: '552 5.2.2 <pseudo-local-part-of-apple-icloud-mail@icloud.com>: user is over quota',
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-apple-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx.mail.icloud.com',
    reply: '550 5.1.1 <pseudo-local-part-of-icloud@icloud.com>: inactive email address',
    expect: 'mailbox_disabled',
  },
  {
    source: 'https://smtp.codes/icloud',
    mx: 'mx01.mail.icloud.com',
    reply: '421 4.7.0 me.com Error: too many errors',
    expect: 'rate_limited',
  },
  {
    source: 'https://smtp.codes/icloud',
    mx: 'mx01.mail.icloud.com',
    reply:
      '421 4.7.1 Messages to someone@icloud.com deferred due to excessive volume. Try again later - https://support.apple.com/en-us/HT204137',
    expect: 'rate_limited',
  },
  {
    source: 'https://smtp.codes/icloud',
    mx: 'mx01.mail.icloud.com',
    reply: '451 4.7.1 Service unavailable - try again later',
    expect: 'temporary_failure',
  },
  {
    source: 'https://smtp.codes/icloud',
    mx: 'mx01.mail.icloud.com',
    reply: '550 5.1.1 <someone@icloud.com>: user does not exist',
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/icloud',
    mx: 'mx01.mail.icloud.com',
    reply:
      '550 5.7.1 [CS01] Message rejected due to local policy. Please visit https://support.apple.com/en-us/HT204137',
    expect: 'policy_rejection',
  },
  {
    source: 'https://smtp.codes/icloud',
    mx: 'mx01.mail.icloud.com',
    reply: '550 5.7.1 Your message was rejected due to example.com DMARC policy.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://smtp.codes/icloud',
    mx: 'mx01.mail.icloud.com',
    reply:
      '550 5.7.1 Your email was rejected due to having a domain present in the Spamhaus DBL -- see https://www.spamhaus.org/dbl/',
    expect: 'ip_blocked',
  },
  {
    source: 'https://note.com/sendmagic/n/n079f49339312 (SMTP response codes, iCloud)',
    mx: 'mx01.mail.icloud.com',
    reply: '550 5.1.1 unknown or illegal alias: someone@icloud.com',
    expect: 'no_mailbox',
  },
  {
    source: 'https://note.com/sendmagic/n/n079f49339312 (SMTP response codes, iCloud)',
    mx: 'mx01.mail.icloud.com',
    reply: '550 5.7.0 Blocked- see https://support.proofpoint.com/dnsbl-lookup.cgi?ip=203.0.113.5',
    expect: 'ip_blocked',
  },
  {
    source: 'https://status.socketlabs.com/incident/306 (iCloud outage: false unknown-user replies)',
    mx: 'mx01.mail.icloud.com',
    reply: '550 5.1.1 <someone@icloud.com>: user lookup success but no user record found',
    expect: 'temporary_failure',
  },
  {
    source: 'https://tamingdns.com/bounce-decoder/apple (Hide My Email address turned off)',
    mx: 'mx01.mail.icloud.com',
    reply: '550 5.7.1 Relay not permitted for user.',
    expect: 'mailbox_disabled',
  },
];

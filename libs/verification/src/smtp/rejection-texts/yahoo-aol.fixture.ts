import type { RejectionCase } from './rejection-case';

/** Replies from yahoo-aol: provider documentation and real bounces, each with its source. */
export const YAHOO_AOL_REPLIES: RejectionCase[] = [
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-aol-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx.example.co.jp',
    reply: '550 5.2.2 <kijitora@example.co.jp>... Mailbox Full',
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-aol-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'example.mx.aol.com',
    reply: '550 5.1.1 <mikeneko@example.jp>... User Unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-aol-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx.example.co.jp',
    reply: '550 5.1.1 <kijitora@example.co.jp>... User Unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-yahooinc-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx-aol.mail.gm0.yahoodns.net',
    reply: '554 5.7.9 Message not accepted for policy reasons. See https://postmaster.verizonmedia.com/error-codes',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-yahooinc-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mta6.am0.yahoodns.net',
    reply:
      '421 4.7.0 [TSS04] Messages from 192.0.2.192 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.verizonmedia.com/error-codes',
    expect: 'rate_limited',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-yahooinc-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mta6.am0.yahoodns.net',
    reply:
      "554 delivery error: dd This user doesn't have a yahoo.com account (this-local-part-does-not-exist@yahoo.com) [0] - mta1061.mail.ne1.yahoo.com",
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/yahoo',
    mx: 'mta5.am0.yahoodns.net',
    reply: '421 Service not available, closing transmission channel',
    expect: 'temporary_failure',
  },
  {
    source: 'https://smtp.codes/yahoo',
    mx: 'mta5.am0.yahoodns.net',
    reply: '421 Max message per connection reached, closing transmission channel',
    expect: 'rate_limited',
  },
  {
    source: 'https://smtp.codes/yahoo',
    mx: 'mta5.am0.yahoodns.net',
    reply:
      '421 4.7.0 [TSS04] Messages from 203.0.113.5 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.yahooinc.com/error-codes',
    expect: 'rate_limited',
  },
  {
    source: 'https://smtp.codes/yahoo',
    mx: 'mta5.am0.yahoodns.net',
    reply: '450 User is receiving mail too quickly',
    expect: 'rate_limited',
  },
  {
    source: 'https://smtp.codes/yahoo',
    mx: 'mta5.am0.yahoodns.net',
    reply: '451 mta1234.mail.bf1.yahoo.com Resources temporarily unavailable. Please try again later [#4.16.1].',
    expect: 'temporary_failure',
  },
  {
    source: 'https://smtp.codes/yahoo',
    mx: 'mta5.am0.yahoodns.net',
    reply: '451 4.3.2 Internal server error',
    expect: 'temporary_failure',
  },
  {
    source: 'https://smtp.codes/yahoo',
    mx: 'mta5.am0.yahoodns.net',
    reply: '452 temporary domain failure <someone@yahoo.com>',
    expect: 'temporary_failure',
  },
  {
    source: 'https://senders.yahooinc.com/smtp-error-codes/ (sample failed delivery message)',
    mx: 'mta5.am0.yahoodns.net',
    reply:
      "554 delivery error: dd This user doesn't have a yahoo.com account (testing123@yahoo.com) [-5] - mta123.mail.mud.yahoo.com",
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 MAILBOX NOT FOUND',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: "554 delivery error: dd This user doesn't have a yahoo.de account",
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply:
      '554 delivery error: dd Sorry your message to someone@yahoo.de cannot be delivered. This account has been disabled or discontinued',
    expect: 'mailbox_disabled',
  },
];

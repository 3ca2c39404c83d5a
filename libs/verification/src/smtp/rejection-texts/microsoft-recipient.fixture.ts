import type { RejectionCase } from './rejection-case';

/** Microsoft's replies about the recipient (no such mailbox, full, disabled, too many recipients): documentation and real bounces, each with its source. */
export const MICROSOFT_RECIPIENT_REPLIES: RejectionCase[] = [
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-exchange2007-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-exchange2007-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply:
      '550 5.2.2 STOREDRV.Deliver: mailbox full. The following information should help identify the cause: "MapiExceptionShutoffQuotaExceeded:00.00000:FF000000, 00.00000:0000000094000000000000000000000000000000, 000.00000:00000000, 000.00000:FF000000, 000.00000:DD040000, 0.00000:00000000, 0.00002:FF000000, 000.00000:EEE00000, 000.0000:00000000, 000.00000:EE000000, 0.0000:FF000000, 0.0000:FFFFF000, 0.0000:00000000, 0.0000:00000000, 0.0000:00000000, 0.0000:00000000, 0.0000:00000000, 0.00000:FFFF0000, 0.0000:00000000, 000.0000:FF000000, 0.00000:FFFFFFFF, 000.00000:EEEE0000, 0.00000:00000000, 0.00000:00000000, 0.00000:00000000, 0.0000:00000000, 0.00000:00000000, 0.00000:00000000, 0.00000:EEEE0000, 0.00000:EEEE0000".',
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'msmx.au.com',
    reply: '550 5.1.351 Remote server returned unknown recipient or mailbox unavailable -> 550 : User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-07.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'msmx.au.com',
    reply:
      '550 5.1.351 Remote server returned unknown recipient or mailbox unavailable -> 550 <otsu-sakaba-hunter-neko-nyaaaaaaan@ezweb.ne.jp>: User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-09.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'example.ne.jp',
    reply:
      '550 5.1.351 Remote server returned unknown recipient or mailbox unavailable -> 550 Unknown user azumakuniyuki@example.ne.jp',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-11.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'nijo.cr3.neko.nyaan.jp',
    reply: '550 5.1.1 <kijitora@cr3.neko.nyaan.jp>... User Unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-12.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'nijo.cr.neko.nyaan.jp',
    reply: '550 5.2.2 <kijitora@cr.neko.nyaan.jp>... Mailbox Full',
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-13.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-outlook-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.2.2 <kijitora@example.jp>... Mailbox Full',
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-outlook-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.1.1 <kijitora@example.jp>... User Unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-outlook-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.1.1 <sabineko@example.co.jp>... User Unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-outlook-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.2.2 <mikeneko@example.co.jp>... Mailbox Full',
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-outlook-08.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 Requested action not taken: mailbox unavailable (-0000000022:2222:-0000000022)',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.4.1 Recipient address rejected: Access denied. AS(201806281)',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.1.1 RESOLVER.ADR.ExRecipNotFound; not found',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.1.1 Bad destination mailbox address',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.2.2 mailbox full',
    expect: 'mailbox_full',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.2.1 Mailbox cannot be accessed',
    expect: 'mailbox_disabled',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '452 4.5.3 Too many recipients',
    expect: 'too_many_recipients',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply: '550 5.5.0 Requested action not taken: mailbox unavailable',
    expect: 'no_mailbox',
  },
  {
    source: 'https://pastebin.com/32NXKByX (real bounce)',
    mx: 'CY1GCC01FT007.mail.protection.outlook.com',
    reply:
      '550 5.4.1 [trinik.lemon@dhs.ga.gov]: Recipient address rejected: Access denied [CY1GCC01FT007.eop-gcc01.prod.protection.outlook.com]',
    expect: 'no_mailbox',
  },
];

import type { RejectionCase } from './rejection-case';

/** Google's replies about the recipient (no such mailbox, full, disabled, too many recipients): documentation and real bounces, each with its source. */
export const GOOGLE_RECIPIENT_REPLIES: RejectionCase[] = [
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "452 4.2.2 The recipient's inbox is out of storage space. Please direct the recipient to Manage files in your Google Drive storage.",
    expect: 'mailbox_full',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '452 4.5.3 Domain policy size per transaction exceeded, please try this recipient in a separate transaction. For more information, go to Message bounced due to a policy rule.',
    expect: 'too_many_recipients',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "452 4.5.3 Your message has too many recipients. For more information regarding Google's sending limits, go to Limits for sending & getting email.",
    expect: 'too_many_recipients',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "550 5.1.1 The email account that you tried to reach does not exist. Please double-check the recipient's email address for typos or unnecessary spaces. For more information, go to Fix bounced or rejected emails.",
    expect: 'no_mailbox',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.2.1 The email account that you tried to reach is inactive. For more information, go to https://support.google.com/mail/?p=DisabledUser',
    expect: 'mailbox_disabled',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "552 5.2.2 The recipient's inbox is out of storage space and inactive. Please direct the recipient to Manage files in your Google Drive storage.",
    expect: 'mailbox_full',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.5.3 Too many recipients for this sender. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'too_many_recipients',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-google-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'aspmx.l.google.com',
    reply: '550 5.2.1 The email account that you tried to reach is disabled. g0000000000ggg.00',
    expect: 'mailbox_disabled',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-google-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'aspmx.l.google.com',
    reply:
      "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. Learn more at https://support.google.com/mail/?p=NoSuchUser e22-n7GpZmsf093195.222 - gsmtp",
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-google-05.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "552 5.2.2 The recipient's inbox is out of storage space and inactive. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaPerm c2-202229zmZBNM3agi23.222 - gsmtp",
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-google-07.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'aspmx.l.google.com',
    reply: '550 5.2.1 The email account that you tried to reach is inactive. For more',
    expect: 'mailbox_disabled',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-gsuite-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 #5.1.0 Address rejected.',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-gsuite-08.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 : User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-gsuite-09.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 <otsu-sakaba-hunter-neko-nyaaaaaaan@ezweb.ne.jp>: User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-gsuite-14.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply:
      "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. Learn more at  https://support.google.com/mail/?p=NoSuchUser y3si675602plr.1 - gsmtp",
    expect: 'no_mailbox',
  },
];

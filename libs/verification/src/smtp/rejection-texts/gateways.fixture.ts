import type { RejectionCase } from './rejection-case';

/** Replies from gateways: provider documentation and real bounces, each with its source. */
export const GATEWAYS_REPLIES: RejectionCase[] = [
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-mcafee-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 Unknown user kijitora@example.co.jp',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-mcafee-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.1.1 <kijitora@example.jp>... User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-mcafee-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.1.1 <kijitora@example.or.jp>... User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-mcafee-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 kijitora@example.com... No such user',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-mcafee-05.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 <kijitora-nyaan@example.co.jp>... User not exist',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-messagelabs-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mail.neko.example.org',
    reply: '550 kijitora@neko.example.org... No such user',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-messagelabs-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '542 kijitora@example.com Rejected',
    expect: 'rejected_unclassified',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-mimecast-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply:
      '554 Host network not allowed - https://community.mimecast.com/docs/DOC-1369#554 [z7qZw5BPd1zlDYHka4589ru.us222]',
    expect: 'ip_blocked',
  },
  {
    source: 'https://mimecastsupport.zendesk.com/hc/en-us/articles/34000709564691-Policies-Mimecast-SMTP-Error-Codes',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '421 Sender address blocked',
    expect: 'ip_blocked',
  },
  {
    source: 'https://mimecastsupport.zendesk.com/hc/en-us/articles/34000709564691-Policies-Mimecast-SMTP-Error-Codes',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '421 Unable to process connection at this time',
    expect: 'temporary_failure',
  },
  {
    source: 'https://mimecastsupport.zendesk.com/hc/en-us/articles/34000709564691-Policies-Mimecast-SMTP-Error-Codes',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '451 Internal resource temporarily unavailable',
    expect: 'greylisted',
  },
  {
    source: 'https://smtp.codes/550',
    mx: 'd123456a.ess.barracudanetworks.com',
    reply: '550 cuda_nsu 5.1.1 <someone@example.com> Recipient address rejected: User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/550',
    mx: 'd123456a.ess.barracudanetworks.com',
    reply: '550 No such user (someone@example.com)',
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/550',
    mx: 'd123456a.ess.barracudanetworks.com',
    reply: '550 Blocked',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://success.trendmicro.com/solution/1053962-smtp-error-554-5-7-1-appears-when-sending-an-email-to-a-hosted-email-security-hes-user',
    mx: 'in.tmes.trendmicro.com',
    reply: '554 5.7.1 <someone@example.com>: Recipient address rejected: Access denied.',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://manualsbrain.com/it/manuals/1649627/?page=293 (Cisco IronPort AsyncOS 7.1 Advanced Configuration Guide, SPF settings)',
    mx: 'mx1.hc1234-56.iphmx.com',
    reply: '550 #5.7.1 SPF unauthorized mail is prohibited.',
    expect: 'policy_rejection',
  },
  {
    source:
      'https://manualsbrain.com/it/manuals/1649627/?page=293 (Cisco IronPort AsyncOS 7.1 Advanced Configuration Guide, SPF settings)',
    mx: 'mx1.hc1234-56.iphmx.com',
    reply: '451 #4.4.3 Temporary error occurred during SPF verification.',
    expect: 'temporary_failure',
  },
  {
    source: 'https://www.spambrella.com/faq/email-delivery-error-codes/ (Proofpoint Essentials reseller)',
    mx: 'mx1-us1.ppe-hosted.com',
    reply: '550 5.7.1 <someone@example.net>: Recipient address rejected: User email address is marked as invalid.',
    expect: 'no_mailbox',
  },
  {
    source: 'https://www.spambrella.com/faq/email-delivery-error-codes/ (Proofpoint Essentials reseller)',
    mx: 'mx1-us1.ppe-hosted.com',
    reply: '452 4.3.1 Insufficient system resources',
    expect: 'temporary_failure',
  },
  {
    source: 'https://www.spambrella.com/faq/email-delivery-error-codes/ (Proofpoint Essentials reseller)',
    mx: 'mx1-us1.ppe-hosted.com',
    reply: '550 5.7.1 Relay Access denied',
    expect: 'relay_denied',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '550 invalid recipient',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '503 user unknown',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '501 invalid address',
    expect: 'no_mailbox',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '451 recipient temporarily unavailable',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '451 ip temporarily blacklisted',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '550 local ct ip reputation - (reject)',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '550 spf sender invalid - envelope rejected',
    expect: 'policy_rejection',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '550 dmarc sender invalid - envelope rejected',
    expect: 'policy_rejection',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '550 envelope blocked - user entry',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '550 administrative prohibition envelope blocked',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '550 anti-spoofing policy - inbound not allowed',
    expect: 'policy_rejection',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '553 this route requires encryption (tls)',
    expect: 'policy_rejection',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '452 too many recipients',
    expect: 'too_many_recipients',
  },
  {
    source:
      'https://community.mimecast.com/s/article/Mimecast-SMTP-Error-Codes-842605754 (texts as quoted in sisimai rhost/for-mimecast.go)',
    mx: 'us-smtp-inbound-1.mimecast.com',
    reply: '554 host network not allowed',
    expect: 'ip_blocked',
  },
];

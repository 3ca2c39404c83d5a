import type { RejectionCase } from './rejection-case';

/** Microsoft's replies about the sender or the connection (blocks, rDNS, policy, rate limits, temporary failures): documentation and real bounces, each with its source. */
export const MICROSOFT_SENDER_REPLIES: RejectionCase[] = [
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-exchange2007-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 5.7.1 RESOLVER.RST.AuthRequired; authentication required',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'neko-smtp-02-22.prod.cats.secureserver.net',
    reply:
      "550 5.1.0 192.0.2.222 is not allowed to send from <example.net> per it's SPF Record. Please inspect your SPF settings, and try again. IB508  <http://x.co/srbounce>",
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-office365-05.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'nijo.example.jp',
    reply: '501 5.1.8 Sender address rejected',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-outlook-09.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply: '550 domain [example.com] mismatches client ip 192.0.2.225.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '421 RP-001 The mail server IP connecting to Outlook.com server has exceeded the rate limit allowed. Reason for rate limitation is related to IP/domain reputation. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '421 RP-002 The mail server IP connecting to Outlook.com server has exceeded the rate limit allowed on this connection. Reason for rate limitation is related to IP/domain reputation. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '421 RP-003 The mail server IP connecting to Outlook.com server has exceeded the connection limit allowed. Reason for limitation is related to IP/domain reputation. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 5.7.515 Mail rejected by Outlook.com for policy reasons. Messages from domains sending over 5,000 emails per day to Outlook.com accounts must be authenticated with SPF, DKIM, and DMARC (p=none or p=reject) to be accepted.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 SC-001 Mail rejected by Outlook.com for policy reasons. Reasons for rejection may be related to content with spam-like characteristics or IP/domain reputation. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 SC-002 Mail rejected by Outlook.com for policy reasons. The mail server IP connecting to Outlook.com has exhibited namespace mining behavior. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 SC-003 Mail rejected by Outlook.com for policy reasons. Your IP address appears to be an open proxy/relay. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 SC-004 Mail rejected by Outlook.com for policy reasons. A block has been placed against your IP address because we have received complaints concerning mail coming from that IP address. We recommend enrolling in our Junk Email Reporting Program (JMRP), a free program intended to help senders remove unwanted recipients from their email list. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      "550 DY-001 Mail rejected by Outlook.com for policy reasons. We generally do not accept email from dynamic IP's as they are not typically used to deliver unauthenticated SMTP email to an Internet mail server. If you are not an email/network admin please contact your Email/Internet Service Provider for help. For more information, Spamhaus maintains lists of dynamic and residential IP addresses.",
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 DY-002 Mail rejected by Outlook.com for policy reasons. The likely cause is a compromised or virus infected server/personal computer. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 OU-001 Mail rejected by Outlook.com for policy reasons. If you are not an email/network admin please contact your Email/Internet Service Provider for help. For more information about this block and to request removal please go to: Spamhaus.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://postmaster.live.com/pm/troubleshooting.aspx (Outlook.com SMTP error codes)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      '550 OU-002 Mail rejected by Outlook.com for policy reasons. Reasons for rejection may be related to content with spam-like characteristics or IP/domain reputation. If you are not an email/network admin please contact your Email/Internet Service Provider for help.',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.606 Access denied, banned sending IP [203.0.113.5]',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.649 Access denied, banned sending IP [203.0.113.5]',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.511 Access denied, banned sender',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply:
      '550 5.7.513 Service unavailable, Client host [203.0.113.5] blocked by contoso.com using Customer Block list (AS16012607)',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.507 Access denied, rejected by recipient',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.506 Access denied, bad HELO',
    expect: 'rdns_required',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.25 Access denied, the sending IPv6 address [2001:db8::5] must have a reverse DNS record',
    expect: 'rdns_required',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.510 Access denied, contoso.com does not accept email over IPv6',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply:
      '550 5.7.509 Access denied, sending domain [EXAMPLE.NET] does not pass DMARC verification and has a DMARC policy of reject.',
    expect: 'policy_rejection',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '451 4.7.500 Server busy. Please try again later from [203.0.113.5]. (AS800)',
    expect: 'temporary_failure',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '451 4.7.850 Access denied, please try again later',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.750 Service unavailable. Client blocked from sending from unregistered domains',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.501 Access denied, spam abuse detected',
    expect: 'ip_blocked',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '421 4.7.652 The mail server [203.0.113.5] has exceeded the maximum number of connections.',
    expect: 'rate_limited',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.1 Unable to relay',
    expect: 'relay_denied',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.64 TenantAttribution; Relay Access Denied',
    expect: 'relay_denied',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply:
      '451 4.4.4 Mail received as unauthenticated, incoming to a recipient domain configured in a hosted tenant which has no mail-enabled subscriptions.',
    expect: 'temporary_failure',
  },
  {
    source:
      'https://learn.microsoft.com/en-us/exchange/mail-flow-best-practices/non-delivery-reports-in-exchange-online/non-delivery-reports-in-exchange-online (texts as quoted in sisimai rhost/for-microsoft.go)',
    mx: 'contoso-com.mail.protection.outlook.com',
    reply: '550 5.7.57 Client was not authenticated to send anonymous mail during MAIL FROM',
    expect: 'policy_rejection',
  },
  {
    source: 'https://pastebin.com/JxYau839 (real bounce)',
    mx: 'rci-rogers-com.mail.protection.outlook.com',
    reply:
      '550 5.7.606 Access denied, banned sending IP [199.250.222.182]. To request removal from this list please visit https://sender.office.com/ and follow the directions. For more information please go to http://go.microsoft.com/fwlink/?LinkID=526655 (AS16012609)',
    expect: 'ip_blocked',
  },
  {
    source: 'https://pastebin.com/rwzHX08U (real bounce)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      "550 5.7.1 Unfortunately, messages from [204.11.58.44] weren't sent. Please contact your Internet service provider since part of their network is on our block list (AS3150). You can also refer your provider to http://mail.live.com/mail/troubleshooting.aspx#errors. [BY2NAM01FT030.eop-nam01.prod.protection.outlook.com]",
    expect: 'ip_blocked',
  },
  {
    source: 'https://pastebin.com/uFD81FD2 (real bounce)',
    mx: 'hotmail-com.olc.protection.outlook.com',
    reply:
      "550 5.7.1 Unfortunately, messages from [69.64.64.149] weren't sent. Please contact your Internet service provider since part of their network is on our block list (AS3140). You can also refer your provider to http://mail.live.com/mail/troubleshooting.aspx#errors. [AM5EUR02FT027.eop-EUR02.prod.protection.outlook.com]",
    expect: 'ip_blocked',
  },
  {
    source: 'https://pastebin.com/aEkGUxq1 (real bounce)',
    reply:
      "550 SC-001 (SNT004-MC4F53) Unfortunately, messages from 212.227.91.137 weren't sent. Please contact your Internet service provider since part of their network is on our block list. You can also refer your provider to http://mail.live.com/mail/troubleshooting.aspx#errors.",
    expect: 'ip_blocked',
  },
  {
    source: 'https://pastebin.com/BkSdGH0x (real bounce)',
    reply:
      '550 5.7.501 Access denied, spam abuse detected. For more information please go to http://go.microsoft.com/fwlink/?LinkId=526653',
    expect: 'ip_blocked',
  },
];

import type { RejectionCase } from './rejection-case';

/** Replies from isps-and-bounces: provider documentation and real bounces, each with its source. */
export const ISPS_AND_BOUNCES_REPLIES: RejectionCase[] = [
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-yandex-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx.example.jp',
    reply: '550 5.2.1 <mikeneko@example.jp>... User Unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/lhost-yandex-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx.example.jp',
    reply: '550 5.2.2 <sabineko@example.jp>... Mailbox Full',
    expect: 'mailbox_full',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-cox-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'cxr.mx.a.cloudfilter.net',
    reply:
      '550 5.1.0 <bounce@mailer.cnt1.example.com> sender rejected. Refer to Error Codes section at https://www.cox.com/residential/support/email-error-codes.html for more information. AUP#CDRBL',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-facebook-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply:
      '550 5.1.1 RCP-P2 http://postmaster.facebook.com/response_codes?ip=192.0.2.135#rcp Refused due to recipient preferences',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-facebook-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply:
      '550 5.1.1 RCP-P1 http://postmaster.facebook.com/response_codes?ip=192.0.2.54#rcp Recipient address does not exist',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-franceptt-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtp-in.orange.fr',
    reply: '550 5.1.1 Adresse d au moins un destinataire invalide. Invalid recipient. OFR_416 [416]',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-franceptt-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtpz4.laposte.net',
    reply: '550 5.5.0 Adresse destinataire invalide. Invalid recipient. LPN007_416',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-franceptt-05.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtpz4.laposte.net',
    reply: '550 5.5.0 Le compte du destinataire est bloque. The recipient account is blocked. LPN007_426',
    expect: 'mailbox_disabled',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-franceptt-06.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtp-in.orange.fr',
    reply:
      '550 mwinf5c04 ME Adresse IP source bloquee pour incident de spam. Client host blocked for spamming issues. OFR006_102 Ref http://csi.cloudmark.com/reset-request/?ip=10.0.0.1 [102]',
    expect: 'ip_blocked',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-franceptt-07.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtp-in.orange.fr',
    reply:
      '421 mwinf5c77 ME Service refuse. Veuillez essayer plus tard. Service refused, please try later. OFR_999 [999]',
    expect: 'rate_limited',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-franceptt-08.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtp-in.orange.fr',
    reply: '421 4.2.0 Service refuse. Veuillez essayer plus tard. Service refused, please try later. OFR005_505 [505]',
    expect: 'rate_limited',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-franceptt-12.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtpz4.laposte.net',
    reply: '554 5.7.1 <xxxx.xxxx.net[#.#.#.#]:49309>: Client host rejected: #216 lpn LPN000_630',
    expect: 'ip_blocked',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-godaddy-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtp.secureserver.net',
    reply: '553 http://www.spamhaus.org/query/bl?ip=192.0.2.222',
    expect: 'ip_blocked',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-godaddy-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'smtp.secureserver.net',
    reply:
      '550 5.1.1 <kijitora@example.com>  - 203.0.113.222 has sent to too many recipients this hour. IB607  <http://x.co/rlbounce>',
    expect: 'rate_limited',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-iua-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx3.email.ua',
    reply: '550 Mailbox is frozen. See http://mail.i.ua/err/3/',
    expect: 'mailbox_disabled',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-kddi-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'msmx.au.com',
    reply: '550 <otsu-sakaba-hunter-neko-nyaaaaaaan@au.com>: User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-microsoft-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'example.com.mail.protection.outlook.com',
    reply:
      '550 5.7.606 Access denied, banned sending IP [198.51.100.222]. To request removal from this list please visit https://sender.office.com/ and follow the directions. For more information please go to  http://go.microsoft.com/fwlink/?LinkID=526655 (AS16012609)',
    expect: 'ip_blocked',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-microsoft-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'example.org.mail.protection.outlook.com',
    reply:
      '550 5.4.1 [kijitora@example.org]: Recipient address rejected: Access denied [NEKOCHAN.cat-neko22.prod.protection.outlook.com]',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-microsoft-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'apc.olc.protection.outlook.com',
    reply:
      '550 5.7.509 Access denied, sending domain [EXAMPLE.JP] does not pass DMARC verification and has a DMARC policy of reject. [7FQL1BDY0XZ5XGTW.JPNP222.PROD.OUTLOOK.COM 2024-04-29T23:34:45.000Z NG5X6YLY2QZK8T7B] [VB0JMRQKNLZPTQMN.eurprd06.prod.outlook.com 2024-04-29T23:34:45.000Z HTTZYWCWHTZK8F8N] [JUTN0NNV051736.eop-eur22.prod.protection.outlook.com 2024-04-29T23:34:45.000Z K2TP4MV8R6ZF2XN2]',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-microsoft-05.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'outlook-com.olc.protection.outlook.com',
    reply:
      '451 4.7.650 The mail server [192.0.2.25] has been temporarily rate limited due to IP reputation. For e-mail delivery information, see https://postmaster.live.com (S3113) [5NY1SSJFSTZJRJBG.eurprd02.prod.outlook.com 2024-05-09T23:34:45.000Z GLXTWVLGZHZNHVXY]',
    expect: 'ip_blocked',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-nttdocomo-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mfsmax.docomo.ne.jp',
    reply: '550 Unknown user azumakuniyuki@ntt.docomo.example.ne.jp',
    expect: 'no_mailbox',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-spectrum-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    reply:
      '550 5.1.0 <010001725d8ad4fc-9fe8fb1f-0292-430b-a634-1eba65166dbb-000000@amazonses.com> sender rejected. Please see https://www.spectrum.net/support/internet/understanding-email-error-codes for more information. AUP#In-1310',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-tencent-01.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx3.qq.com',
    reply:
      '550 Ip frequency limited [V2VkIEFwciAgMyAxNjozNjo1OSBKU1QgMjAxOQo=/RkNGMjlFQTVEQ0E Blocked IP 192.0.2.22]. http://service.mail.qq.com/cgi-bin/help?subtype=1&&id=20022&&no=1000725',
    expect: 'ip_blocked',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-tencent-02.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx3.qq.com',
    reply:
      '550 Connection frequency limited [Q1YzZ3kxdnRYYnpkbVZ0MAo+QTMzMTMzRjUxNzQ4Cg/MTI3MTY2MDge= Blocked IP 192.0.2.22]. http://service.mail.qq.com/cgi-bin/help?subtype=1&&id=20022&&no=1000722',
    expect: 'ip_blocked',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-tencent-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'mx3.qq.com',
    reply: '550 DMARC check failed. http://service.mail.qq.com/cgi-bin/help?subtype=1&&no=1001508&&id=16.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://pastebin.com/mt8MbFRM (real bounce)',
    mx: 'mx2.earthlink.net',
    reply: '550 IP 74.220.202.212 is blocked by EarthLink. Go to earthlink.net/block for details.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://pastebin.com/Y6mnKJ1Z (real bounce)',
    mx: 'mxmta.owm.bell.net',
    reply: '550 you are not allowed to send mail to <loretta.ryan@sympatico.ca>',
    expect: 'ip_blocked',
  },
  {
    source: 'https://pastebin.com/jhdNMiyp (real bounce)',
    mx: 'smtpdg.tymphany.com',
    reply: '550 #5.7.1 Your access to submit messages to this e-mail system has been rejected.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://pastebin.com/MFXQe2wV (real bounce)',
    reply: '550 5.7.1 Access denied to 94.100.132.215 by dnsbl.spam.fail DNSBL (http://spam.fail/)',
    expect: 'ip_blocked',
  },
  {
    source: 'https://pastebin.com/UyYmyNYV (real bounce)',
    mx: 'mail.global.frontbridge.com',
    reply: '550 <jukefly.com[66.63.169.222]>: Client host rejected: Access Denied',
    expect: 'ip_blocked',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx00.t-online.de',
    reply: '550 5.1.1 user unknown',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 unrouteable address',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 5.1.1 <someone@compuserve.de> Mailbox not found',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 <someone@lycos.de>: Recipient address rejected: Account Closed',
    expect: 'mailbox_disabled',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 <someone@example.org>: invalid address',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 RCPT TO: User unknown',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 5.2.0 No such mailbox',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '554 Sorry, no mailbox here by that name. (#5.1.1)',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx00.t-online.de',
    reply: '552 5.2.2 Over STORAGE quota',
    expect: 'mailbox_full',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '552 5.2.2 Over quota',
    expect: 'mailbox_full',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '554 Refused. Your reverse DNS entry contains your IP address and a country code.',
    expect: 'rdns_required',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    reply: '550 5.7.1 Requested action not taken: message refused',
    expect: 'policy_rejection',
  },
  {
    source: 'https://smtp.codes/550',
    reply: '550 5.2.1 <SOMEONE@PRODIGY.NET>... Addressee unknown, relay=[203.0.113.5]',
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/550',
    reply: '550 5.2.1 <someone@prodigy.net>... blank mailhost - invalid address, relay=[203.0.113.5]',
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/550',
    reply:
      '550 5.7.1 Connections not accepted from servers without a valid sender domain. ## Fix reverse DNS for 203.0.113.5',
    expect: 'rdns_required',
  },
  {
    source: 'https://pomoc.poczta.interia.pl/news-dlaczego-wiadomosc-nie-zostala-dostarczona,nId,6589600',
    reply: '550 5.1.1 Account not found',
    expect: 'no_mailbox',
  },
  {
    source: 'https://pomoc.poczta.interia.pl/news-dlaczego-wiadomosc-nie-zostala-dostarczona,nId,6589600',
    reply: "550 5.7.1 Recipient doesn't want your mail",
    expect: 'policy_rejection',
  },
  {
    source: 'https://pomoc.poczta.interia.pl/news-dlaczego-wiadomosc-nie-zostala-dostarczona,nId,6589600',
    reply: '550 5.7.0 [SPF] host 203.0.113.5 is not allowed to send mail from domain example.net',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.onesystems.ch/722126-%C3%9Cbersicht-h%C3%A4ufig-vorkommender-Fehlermeldungen',
    reply: '554 5.7.1 <someone@example.ch>: Relay access denied',
    expect: 'relay_denied',
  },
  {
    source: 'https://support.onesystems.ch/722126-%C3%9Cbersicht-h%C3%A4ufig-vorkommender-Fehlermeldungen',
    reply: '554 5.7.1 <someone@example.ch>: Recipient address rejected: User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'https://support.onesystems.ch/722126-%C3%9Cbersicht-h%C3%A4ufig-vorkommender-Fehlermeldungen',
    reply: '550 5.1.8 <probe@example.net>: Sender address rejected: Domain not found',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.onesystems.ch/722126-%C3%9Cbersicht-h%C3%A4ufig-vorkommender-Fehlermeldungen',
    reply: '554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using ix.dnsbl.manitu.net',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.onesystems.ch/722126-%C3%9Cbersicht-h%C3%A4ufig-vorkommender-Fehlermeldungen',
    reply: '450 4.7.1 Client host rejected: cannot find your hostname, [203.0.113.5]',
    expect: 'rdns_required',
  },
  {
    source: 'https://goneo.de/hilfe/email/fehlermeldungen',
    reply: '550 mail@example.com: Recipient address rejected: User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'https://yandex.com/support/mail/bounces/yandex/policy-rejection-on-the-target-address.html',
    mx: 'mx.yandex.net',
    reply: '550 5.7.1 Policy rejection on the target address',
    expect: 'mailbox_disabled',
  },
  {
    source: 'https://www.yandex.com/support/mail/bounces/yandex.html',
    mx: 'mx.yandex.net',
    reply: '552 5.2.2 Mailbox size limit exceeded',
    expect: 'mailbox_full',
  },
  {
    source: 'https://www.yandex.com/support/mail/bounces/yandex.html',
    mx: 'mx.yandex.net',
    reply: '554 5.7.1 Client host [203.0.113.5] blocked using; see https://yandex.com/support/mail/bounces/yandex.html',
    expect: 'ip_blocked',
  },
  {
    source: 'https://viws.ru/en/poterya-pochtovyh-soobshchenii-oshibki-pochtovoi-sistemy.html (Mail.ru DMARC bounce)',
    mx: 'mxs.mail.ru',
    reply:
      '550 5.7.1 This message was not accepted due to domain owner DMARC policy (RFC 7489) https://help.mail.ru/mail-help/postmaster/dmarc',
    expect: 'policy_rejection',
  },
  {
    source: 'https://nic.ru/help/mail-diagnostics-and-troubleshooting_14426.html',
    reply: '451 example.ru prohibited. Disk quota exceeded',
    expect: 'mailbox_full',
  },
  {
    source: 'https://nic.ru/help/mail-diagnostics-and-troubleshooting_14426.html',
    reply: '451 Please try another server',
    expect: 'temporary_failure',
  },
];

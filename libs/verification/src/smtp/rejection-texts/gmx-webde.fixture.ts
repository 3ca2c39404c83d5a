import type { RejectionCase } from './rejection-case';

/** Replies from gmx-webde: provider documentation and real bounces, each with its source. */
export const GMX_WEBDE_REPLIES: RejectionCase[] = [
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx00.gmx.net',
    reply: '550 5.1.1 <someone@gmx.de> User is unknown',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx00.gmx.net',
    reply: '550 5.2.1 <someone@gmx.de> User is inactive',
    expect: 'mailbox_disabled',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx-ha01.web.de',
    reply: '550 User unknown.',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx-ha01.web.de',
    reply: '550 Benutzer nicht bekannt/User unknown',
    expect: 'no_mailbox',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx-ha01.web.de',
    reply: '550 Benutzer hat das Speichervolumen ueberschritten. / User has exhausted allowed storage space.',
    expect: 'mailbox_full',
  },
  {
    source:
      'http://www.sitepackage.de/service/dokumentation/auswertung/typische-fehlermeldungen-bei-unzustellbarkeit.html',
    mx: 'mx-ha01.web.de',
    reply: '550 Benutzer hat zuviele Mails auf dem Server. / User has too many messages on the server.',
    expect: 'mailbox_full',
  },
  {
    source: 'https://postmaster.gmx.com/en/error-messages',
    mx: 'mx00.gmx.net',
    reply:
      '554-gmx.net (mxgmx104) Nemesis ESMTP Service not available\n554-No SMTP service\n554-IP address is block listed.\n554 For explanation visit https://postmaster.gmx.net/en/case?c=r0201&i=ip&v=198.51.100.42&r=1MNcgj-1ue23t3pyV-00S2YR',
    expect: 'ip_blocked',
  },
  {
    source: 'https://smtp.codes/unitedinternet/',
    mx: 'mx00.gmx.net',
    reply:
      '550 <someone@gmx.net>: Reject due to SPF policy. The originating IP of the message is not permitted by the domain owner',
    expect: 'policy_rejection',
  },
  {
    source: 'https://smtp.codes/unitedinternet/',
    mx: 'mx00.gmx.net',
    reply: '550 <someone@gmx.net>: Syntax error in parameters or arguments',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://smtp.codes/unitedinternet/',
    mx: 'mx00.gmx.net',
    reply: '550 <someone@gmx.net>: Requested action not taken: mailbox unavailable',
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/unitedinternet/',
    mx: 'mx00.gmx.net',
    reply: '501 Syntax error in parameters or arguments',
    expect: 'rejected_unclassified',
  },
];

import type { RejectionCase } from './rejection-case';

/** Google's replies about the sender or the connection (blocks, rDNS, policy, rate limits, temporary failures): documentation and real bounces, each with its source. */
export const GOOGLE_SENDER_REPLIES: RejectionCase[] = [
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '450 4.2.1 The user you are trying to contact is receiving email too quickly. Please resend your message at a later time. If the user is able to receive email at that time, your message will be delivered. For more information, go to Limits for sending & getting email.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '450 4.2.1 The user you are trying to contact is receiving email at a rate that prevents additional messages from being delivered. Please resend your message at a later time. If the user is able to receive email at that time, your message will be delivered. For more information, go to Limits for sending & getting email.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '451 4.3.0 Email server has temporarily rejected this message. Go to About SMTP error messages for more information.',
    expect: 'greylisted',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '451 4.3.0 Multiple destination domains per transaction is unsupported. Please try again. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'temporary_failure',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.3.0 Temporary System Problem. Try again later. For more information, go to About SMTP error messages.',
    expect: 'temporary_failure',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply: '451 4.4.2 Timeout - closing connection. For more information, go to About SMTP error messages.',
    expect: 'temporary_failure',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply: '421 4.4.5 Server busy, try again later. For more information, go to About SMTP error messages.',
    expect: 'temporary_failure',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '451 4.5.0 SMTP protocol violation. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'temporary_failure',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply: '421 4.7.0 Connection expired, try reconnecting. For more information, go to About SMTP error messages.',
    expect: 'temporary_failure',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.0 IP not in whitelist for RCPT domain, closing connection. For more information, go to Allowlists, denylists, and approved senders.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.0 Try again later, closing connection. (command) For more information, go to About SMTP error messages.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.0 The IP address sending this message does not have a PTR record, or the corresponding forward DNS entry does not point to the sending IP. To protect our users from spam, email sent from your IP address has been temporarily rate limited. For more information, go to Email sender guidelines.',
    expect: 'rdns_required',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.0 TLS required for RCPT domain, closing connection. For more information, go to Email encryption in transit.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.0 This message is suspicious due to the very low reputation of the sending IP address. To protect our users from spam, email sent from your IP address has been temporarily rate limited. For more information, go to Why has Gmail blocked my messages?.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.0 This message is suspicious due to the very low reputation of the sending domain. To best protect our users from spam, the message has been blocked. For more information, go to Why has Gmail blocked my messages?.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "451 4.7.23 203.0.113.5 The sending IP address for this message doesn't have a PTR record, or the PTR record's forward DNS entry doesn't match the sending IP address. To protect users from spam, your email has been temporarily rate limited. To learn more about IP address requirements for sending to Gmail, visit the IP addresses section of our sender guidelines. To learn more about Gmail requirements for bulk email senders, visit Email sender guidelines.",
    expect: 'rdns_required',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '451 4.7.24 The SPF record of the sending domain has one or more suspicious entries. To protect our users from spam, email sent from your IP address has been temporarily rate limited. For more information, go to Email sender guidelines.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.26 This email has been rate limited because it is unauthenticated. Gmail requires all senders to authenticate with either SPF or DKIM. Authentication results: DKIM = did not pass SPF example.net with ip: 203.0.113.5 = did not pass. To resolve this issue, go to Email sender guidelines.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "421 4.7.27 Your email has been rate limited because SPF authentication didn't pass for this message. Gmail requires all bulk email senders to authenticate their email with SPF. Authentication results: SPF example.net with IP address: 203.0.113.5 = Did not pass. To set up SPF for your sending domains, visit Set up SPF. To learn more about Gmail requirements for bulk email senders, visit Email sender guidelines.",
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.28 Gmail has detected an unusual rate of email. To protect our users from spam, email has been temporarily rate limited. To review our bulk email senders guidelines, go to Email sender guidelines.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.28 Gmail has detected an unusual rate of email originating from your IP address 203.0.113.5. To protect our users from spam, email sent from your IP address has been temporarily rate limited. To review our bulk email senders guidelines, go to Email sender guidelines.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.28 Gmail has detected an unusual rate of unsolicited email originating from your IP Netblock 203.0.113.5. To protect our users from spam, email sent from your IP Netblock has been temporarily rate limited. To review our bulk email senders guidelines, go to Email sender guidelines.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.28 Gmail has detected an unusual rate of unsolicited email originating from your DKIM domain example.net. To protect our users from spam, email sent from your domain has been temporarily rate limited. To review our bulk email senders guidelines, go to Email sender guidelines.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.28 Gmail has detected an unusual rate of unsolicited email originating from your SPF domain example.net. To protect our users from spam, email sent from your domain has been temporarily rate limited. To review our bulk email senders guidelines, go to Email sender guidelines.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '421 4.7.28 Gmail has detected an unusual amount of unsolicited email originating from your IP address. To protect our users from spam, email sent from your IP address has been temporarily blocked. To review our bulk email senders guidelines, go to Email sender guidelines.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "421 4.7.29 Your email has been rate limited because you're not using a TLS connection. Gmail requires all bulk email senders to use TLS/SSL for SMTP connections. To set up TLS for email, visit TLS & SSL connections. To learn more about Gmail requirements for bulk email senders, visit Email sender guidelines.",
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '553 5.1.3 The recipient address address is not a valid RFC 5321 address. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '553 5.1.7 The sender address address is not a valid RFC 5321 address. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.2.1 The user you are trying to contact is receiving email at a rate that prevents additional messages from being delivered. For more information, go to Limits for sending & getting email.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '503 5.5.1 Bad sequence of commands. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply: '502 5.5.1 Unrecognized command. For more information, go to About SMTP error messages.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply: '502 5.5.1 Too many unrecognized commands, goodbye. For more information, go to About SMTP error messages.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '503 5.5.1 EHLO/HELO first. An email transaction protocol command was issued out of sequence. For more information, go to HELO/EHLO email error.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '503 5.5.1 RCPT first. An email transaction protocol command was issued out of sequence. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '555 5.5.2 Syntax error. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '555 5.5.2 Syntax error, goodbye. For more information, go to About SMTP error messages and review RFC 5321 specifications.',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '501 5.5.4 HELO/EHLO argument argument invalid closing connection. For more information, go to HELO/EHLO email error.',
    expect: 'rdns_required',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '501 5.5.4 Empty HELO/EHLO argument not allowed, closing connection. For more information, go to HELO/EHLO email error.',
    expect: 'rdns_required',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply: '554 5.7.0 Too many unauthenticated commands. For more information, go to About SMTP error messages.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.1 The user or domain that you are sending to (or from) has a policy that prohibits the email that you sent. Contact your domain administrator for assistance. For more information, go to Sorry, a policy is in place that prevents your message from being sent.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.1 This message is likely unsolicited email. To reduce the amount of spam sent to Gmail, this message has been blocked. For more information, go to Why has Gmail blocked my messages?',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.1 This message does not meet IPv6 sending guidelines regarding PTR records and authentication. For more information, go to Email sender guidelines.',
    expect: 'rdns_required',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.1 This message is likely suspicious due to the very low reputation of the sending IP address. To best protect our users from spam, the message has been blocked. For more information, go to Why has Gmail blocked my messages?',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.1 This message is likely suspicious due to the very low reputation of the sending domain. To best protect our users from spam, the message has been blocked. For more information, go to Why has Gmail blocked my messages?',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.1 This email has been rate limited. For more information, go to Limits for sending & getting email.',
    expect: 'rate_limited',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "550 5.7.1 The IP you're using to send email is not authorized to send email directly to our servers. Use the SMTP relay at your service provider instead. For more information, go to 'The IP you're using to send email is not authorized...'.",
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '523 5.7.10 SMTP protocol violation, no commands allowed to pipeline after STARTTLS. For more information, go to About SMTP error messages and review RFC 3207 specifications.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.24 The SPF record of the sending domain has one or more suspicious entries. For more information, go to Email sender guidelines.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "550 5.7.25 This message was blocked because the sending IP address doesn't have a PTR record, or the forwarding DNS entry doesn't reference the sending IP address. Gmail requires that sending IP addresses have a PTR record. Learn more about requirements for sending IP addresses. To learn more about Gmail requirements for bulk email senders, visit Email sender guidelines.",
    expect: 'rdns_required',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.26 This email has been blocked because the sender is unauthenticated. Gmail requires all senders to authenticate with either SPF or DKIM. Authentication results: DKIM = did not pass SPF [example.net] with ip: [203.0.113.5] = did not pass. For instructions on setting up authentication, go to Email sender guidelines.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.26 The (E)MAIL FROM domain [example.net] has an SPF record with a hard fail policy (-all) but it fails to pass SPF checks with the ip: [203.0.113.5]. To best protect our users from spam and phishing, the message has been blocked. For more information, go to Email sender guidelines.',
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "550 5.7.27 This message was blocked because it didn't pass SPF authentication. Gmail requires bulk email senders to authenticate their email with SPF. Authentication results: SPF with 203.0.113.5 = did not pass To set up SPF for your sending domains, visit Set up SPF. To learn more about Gmail requirements for bulk email senders, visit Email sender guidelines.",
    expect: 'policy_rejection',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.28 There is an unusual rate of unsolicited email originating from your IP address. To protect our users from spam, email sent from your IP address has been blocked. To review our bulk email senders guidelines, go to Email sender guidelines.',
    expect: 'ip_blocked',
  },
  {
    source: 'https://support.google.com/a/answer/3726730 (Gmail SMTP errors and codes)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      "550 5.7.29 This message was blocked because it wasn't sent over a TLS connection. Gmail requires all bulk email senders to use TLS/SSL for SMTP connections. To set up TLS for email, visit TLS & SSL connections. To learn more about Gmail requirements for bulk email senders, visit Email sender guidelines.",
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-google-03.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.26 The MAIL FROM domain [mail4.example.com] has an SPF record with a hard fail policy (-all) but it fails to pass SPF checks with the ip: [192.0.2.24]. To best protect our users from spam and phishing, the message has been blocked. For instructions on setting up authentication, go to https://support.google.com/mail/answer/81126#authentication 2-222222630d46222222b002b2d2neko2cat2222222cat.22 - gsmtp',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-google-04.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.26 This mail has been blocked because the sender is unauthenticated. Gmail requires all senders to authenticate with either SPF or DKIM.   Authentication results:  DKIM = did not pass  SPF [relay3.example.com] with ip: [192.0.2.22] = did not pass   For instructions on setting up authentication, go to https://support.google.com/mail/answer/81126#authentication c2-202200202020202020222222cat.127 - gsmtp',
    expect: 'policy_rejection',
  },
  {
    source: 'sisimai/set-of-emails maildir/bsd/rhost-google-06.eml (real bounce, github.com/sisimai/go-sisimai)',
    mx: 'gmail-smtp-in.l.google.com',
    reply:
      '550 5.7.25 [192.0.2.202] The IP address sending this message does not have a PTR record setup, or the corresponding forward DNS entry does not point to the sending IP. As a policy, Gmail does not accept messages from IPs with missing PTR records. For more information, go to https://support.google.com/mail/answer/81126#ip-practices neko-1785a7g6767a6agg.2 - gsmtp',
    expect: 'rdns_required',
  },
];

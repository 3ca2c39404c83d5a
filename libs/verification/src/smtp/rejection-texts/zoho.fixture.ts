import type { RejectionCase } from './rejection-case';

/** Replies from zoho: provider documentation and real bounces, each with its source. */
export const ZOHO_REPLIES: RejectionCase[] = [
  {
    source: 'https://smtp.codes/zoho',
    mx: 'mx.zoho.com',
    reply: '541 5.4.1 Mail rejected by destination domain',
    expect: 'rejected_unclassified',
  },
  {
    source: 'https://smtp.codes/zoho',
    mx: 'mx.zoho.com',
    reply: '452 <someone@zoho.com> Mailbox delivery restricted by policy error',
    expect: 'temporary_failure',
  },
  {
    source: 'https://smtp.codes/zoho',
    mx: 'mx.zoho.com',
    reply: '452 4.3.1 Temporary System Error',
    expect: 'temporary_failure',
  },
  {
    source: 'https://smtp.codes/zoho',
    mx: 'mx.zoho.com',
    reply: '550 5.7.1 Email rejected per DMARC policy for example.com',
    expect: 'policy_rejection',
  },
  {
    source: 'https://smtp.codes/zoho',
    mx: 'mx.zoho.com',
    reply: '550 5.1.1 <someone@zoho.com> User unknown',
    expect: 'no_mailbox',
  },
  {
    source: 'https://smtp.codes/zoho',
    mx: 'mx.zoho.com',
    reply: '552 5.1.1 <someone@zoho.com> Mailbox delivery failure policy error',
    expect: 'policy_rejection',
  },
];

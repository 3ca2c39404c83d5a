/**
 * What a RCPT reply means for the mailbox, as reply-classifier reads it. Its own file because both the
 * generic classifier and the providers' own rules (providers/provider-reply-rules) name these classes.
 */
export type RcptClass =
  | 'accepted'
  | 'cannot_verify'
  | 'no_mailbox'
  | 'mailbox_disabled'
  | 'mailbox_full'
  | 'greylisted'
  | 'rate_limited'
  | 'ip_blocked'
  | 'rdns_required'
  | 'policy_rejection'
  | 'relay_denied'
  | 'too_many_recipients'
  | 'temporary_failure'
  | 'rejected_unclassified';

/** Classes that prove the mailbox does not exist: the only ones allowed to yield `invalid`. */
export const MAILBOX_REJECTIONS: ReadonlySet<RcptClass> = new Set(['no_mailbox', 'mailbox_disabled']);
/** Classes a later attempt may turn into a decision. */
export const RETRYABLE: ReadonlySet<RcptClass> = new Set([
  'greylisted',
  'rate_limited',
  'temporary_failure',
  'too_many_recipients',
]);

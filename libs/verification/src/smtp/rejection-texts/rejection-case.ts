import type { RcptClass } from '../rcpt-class';

/**
 * One real reply and the classification a careful verifier must reach: only no_mailbox and
 * mailbox_disabled may become `invalid`. `mx` names the host that sent it when the provider's own
 * rules (providers/provider-reply-rules) decide its meaning.
 */
export interface RejectionCase {
  /** Where the text comes from: the provider's documentation or a public bounce, by address. */
  source: string;
  mx?: string;
  reply: string;
  expect: RcptClass;
}

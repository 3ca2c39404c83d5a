import type { EventAllowlist, FieldDecisions } from '@lib/messaging';
import type { RecordedResult, VerificationEvent } from './verification.events';

/** A verdict as analytics sees it: what was decided and charged, never the address or a suggested one. */
const RESULT: FieldDecisions<RecordedResult> = {
  email: false,
  didYouMean: false,
  executionMs: true,
  creditsCharged: true,
  creditsRemaining: true,
  result: true,
  resultCode: true,
  subResult: true,
  quality: true,
  free: true,
  role: true,
  disposable: true,
  catchAll: true,
  provider: true,
  antiSpam: true,
  riskScore: true,
};

/**
 * What events.verifications publishes (docs/personal-data.md, Analytics topics): ids, times, verdicts and
 * charges. Not the addresses, not the engine's verdict (MX hosts, the SMTP transcript).
 */
export const VERIFICATION_ANALYTICS: EventAllowlist<VerificationEvent> = {
  EmailVerified: { verificationId: true, accountId: true, keyId: true, verdict: false, result: RESULT, at: true },
  BatchVerified: {
    verificationId: true,
    accountId: true,
    keyId: true,
    emails: false,
    verdicts: false,
    results: RESULT,
    summary: true,
    at: true,
  },
};

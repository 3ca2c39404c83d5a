import { VerificationVerdict } from '@lib/verification';
import { VerificationResult } from './verification-result';
import { BatchSummary } from './batch/batch-plan';

// Event type strings are stored forever: never rename one. Each carries the engine's full verdict
// (including SMTP diagnostics) and the public result, so history and analytics can be rebuilt.

export const verificationStream = (verificationId: string): string => `verifications-${verificationId}`;

export type EmailVerified = {
  type: 'EmailVerified';
  data: { verificationId: string; accountId: string; keyId: string; verdict: VerificationVerdict; result: VerificationResult; at: string };
};

export type BatchVerified = {
  type: 'BatchVerified';
  data: {
    verificationId: string;
    accountId: string;
    keyId: string;
    /** The addresses as requested, in order, duplicates included. */
    emails: string[];
    /** One verdict per unique canonical address, probed once. */
    verdicts: VerificationVerdict[];
    results: VerificationResult[];
    summary: BatchSummary;
    at: string;
  };
};

export type VerificationEvent = EmailVerified | BatchVerified;

/** What a recorded verification costs: the result is recorded before its hold is settled. */
export function recordedCharge(event: VerificationEvent): number {
  return event.type === 'EmailVerified' ? event.data.result.creditsCharged : event.data.summary.creditsCharged;
}

/** Hold purposes of the verification endpoints; the hold id is the verification id. */
export const VERIFICATION_HOLD_PURPOSES = { single: 'verification', batch: 'batch' } as const;

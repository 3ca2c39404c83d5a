import type { PublicVerdict, VerificationVerdict } from '@lib/verification-engine';

// Event type strings are stored forever: never rename one. Each carries the engine's full verdict
// (including SMTP diagnostics, @lib/verification-engine's VerificationVerdict, whose declaration says how it may
// change) and the result as answered, so history and analytics can be rebuilt.

export const verificationStream = (verificationId: string): string => `verifications-${verificationId}`;

/** One address's result as it was answered (without evidence fields, which are added on request at replay). */
export interface RecordedResult extends PublicVerdict {
  email: string;
  executionMs: number;
  creditsCharged: number;
  creditsRemaining: number;
}

/** A batch's counts as answered: every position counted (duplicates included). */
export interface BatchSummary {
  total: number;
  valid: number;
  invalid: number;
  catchAll: number;
  unknown: number;
  disposable: number;
  error: number;
  creditsCharged: number;
  creditsRemaining: number;
}

export type EmailVerified = {
  type: 'EmailVerified';
  data: {
    verificationId: string;
    accountId: string;
    keyId: string;
    verdict: VerificationVerdict;
    result: RecordedResult;
    at: string;
  };
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
    results: RecordedResult[];
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

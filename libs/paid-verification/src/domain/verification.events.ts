import type { VerificationQuality, VerificationResultName } from '@lib/verification';

// Event type strings are stored forever: never rename one. Each carries the engine's full verdict
// (including SMTP diagnostics) and the result as answered, so history and analytics can be rebuilt.
// Their payloads are declared here and nowhere else: the engine's verdict and the API's result are
// recorded as these types and replayed from them, so a change to either that would alter what is
// stored fails to compile instead of changing old events' meaning.

export const verificationStream = (verificationId: string): string => `verifications-${verificationId}`;

/**
 * What both records of one address say about it, the engine's verdict and the result as answered: its
 * public verdict fields and how long it took. Declared once so the two cannot drift apart.
 */
interface RecordedAddressVerdict {
  email: string;
  result: VerificationResultName;
  resultCode: number;
  subResult: string | null;
  quality: VerificationQuality;
  free: boolean;
  role: boolean;
  disposable: boolean;
  catchAll: boolean;
  didYouMean: string | null;
  provider: string;
  antiSpam: boolean;
  riskScore: number;
  executionMs: number;
}

/** The engine's verdict as recorded: what it decided and the SMTP conversation that decided it. */
export interface RecordedVerdict extends RecordedAddressVerdict {
  normalized: string;
  canonical: string;
  domain: string;
  retryAfterMs?: number;
  smtp?: { code?: number; enhanced?: string; message?: string; mxHost?: string; mxAddress?: string };
}

/** One address's result as it was answered (without evidence fields, which are added on request at replay). */
export interface RecordedResult extends RecordedAddressVerdict {
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
    verdict: RecordedVerdict;
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
    verdicts: RecordedVerdict[];
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

import { VerificationVerdict } from '@lib/verification';

/** The spec's verification result: `data` of single verify and each element of batch `results`. Field order is the spec's. */
export interface VerificationResult {
  email: string;
  result: string;
  resultCode: number;
  subResult: string | null;
  quality: string;
  free: boolean;
  role: boolean;
  disposable: boolean;
  catchAll: boolean;
  didYouMean: string | null;
  provider: string;
  antiSpam: boolean;
  riskScore: number;
  creditsCharged: number;
  creditsRemaining: number;
  executionMs: number;
}

export function toVerificationResult(verdict: VerificationVerdict, creditsCharged: number, creditsRemaining: number): VerificationResult {
  return {
    email: verdict.email,
    result: verdict.result,
    resultCode: verdict.resultCode,
    subResult: verdict.subResult,
    quality: verdict.quality,
    free: verdict.free,
    role: verdict.role,
    disposable: verdict.disposable,
    catchAll: verdict.catchAll,
    didYouMean: verdict.didYouMean,
    provider: verdict.provider,
    antiSpam: verdict.antiSpam,
    riskScore: verdict.riskScore,
    creditsCharged,
    creditsRemaining,
    executionMs: Math.round(verdict.executionMs),
  };
}

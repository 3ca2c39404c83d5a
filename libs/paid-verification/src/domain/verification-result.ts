import type { VerdictEvidence, VerificationVerdict } from '@lib/verification';
import type { RecordedResult } from './verification.events';

/**
 * The spec's verification result: `data` of single verify and each element of batch `results`: the
 * result as recorded, and the evidence on request. The spec's field order on the wire is the order
 * toVerificationResult writes them in.
 */
export type VerificationResult = RecordedResult & Partial<VerdictEvidence>;

export function toVerificationResult(
  verdict: VerificationVerdict,
  creditsCharged: number,
  creditsRemaining: number,
): VerificationResult {
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

import { verdictEvidence, type VerdictEvidence, type VerificationVerdict } from '@lib/verification-engine';
import type { RecordedResult } from './verification.events';

/**
 * The spec's verification result: `data` of single verify and each element of batch `results`: the
 * result as recorded, when to ask again (from the recorded verdict, as the evidence is), and the evidence
 * on request. The spec's field order on the wire is the order toRecordedResult writes them in.
 */
export type VerificationResult = RecordedResult & { retryAfterMs: number | null } & Partial<VerdictEvidence>;

/** The result as recorded in EmailVerified and BatchVerified, whose stored shape never changes. */
export function toRecordedResult(
  verdict: VerificationVerdict,
  creditsCharged: number,
  creditsRemaining: number,
): RecordedResult {
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

/**
 * A recorded result as answered, first time or replayed: retryAfterMs on every result, null unless the
 * engine said a later attempt may decide (rounded up: never before the MX back-off it measured ends), then
 * the evidence fields when the caller asked for them.
 */
export function answeredResult(
  recorded: RecordedResult,
  verdict: VerificationVerdict,
  evidence: boolean,
): VerificationResult {
  const retryAfterMs = verdict.retryAfterMs === undefined ? null : Math.ceil(verdict.retryAfterMs);
  return evidence ? { ...recorded, retryAfterMs, ...verdictEvidence(verdict) } : { ...recorded, retryAfterMs };
}

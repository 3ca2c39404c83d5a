import { qualityFor, riskScore, suggestCorrection, verdictEvidence, VerificationVerdict } from '@lib/verification';
import { RowVerdict } from './job.events';

/** The appended columns of a verdict: the public fields and the evidence (the rest of the verdict is diagnostics). */
export function toRowVerdict(v: VerificationVerdict): RowVerdict {
  return {
    result: v.result, resultCode: v.resultCode, subResult: v.subResult, quality: v.quality, free: v.free, role: v.role,
    disposable: v.disposable, catchAll: v.catchAll, didYouMean: v.didYouMean, provider: v.provider, antiSpam: v.antiSpam, riskScore: v.riskScore,
    ...verdictEvidence(v),
  };
}

/** A row whose email cell is empty: decided at upload without a probe, never charged. */
export function invalidSyntaxVerdict(cell: string): RowVerdict {
  const didYouMean = cell.trim() ? suggestCorrection(cell.trim()) : null;
  const score = riskScore({ result: 'invalid', role: false, didYouMean: didYouMean !== null, antiSpam: false, acceptsAllProvider: false });
  return {
    result: 'invalid', resultCode: 6, subResult: 'invalid_syntax', quality: qualityFor('invalid', score), free: false, role: false,
    disposable: false, catchAll: false, didYouMean, provider: '', antiSpam: false, riskScore: score,
  };
}

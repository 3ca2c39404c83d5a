import {
  PublicVerdict,
  qualityFor,
  riskScore,
  suggestCorrection,
  verdictEvidence,
  VerificationVerdict,
} from '@lib/verification';
import { RESULT_COLUMNS } from '../csv/result-columns';
import { RowVerdict } from './verification-job.events';

/** The appended columns of a verdict: the public fields (every result column) and the evidence; the rest is diagnostics. */
export function toRowVerdict(v: VerificationVerdict): RowVerdict {
  // RESULT_COLUMNS names every PublicVerdict field, each a RowVerdict field (result-columns.ts refuses to compile otherwise).
  const shown = Object.fromEntries(RESULT_COLUMNS.map((column) => [column, v[column]])) as PublicVerdict;
  return { ...shown, ...verdictEvidence(v) };
}

/** A row whose email cell is empty: decided at upload without a probe, never charged. */
export function invalidSyntaxVerdict(cell: string): RowVerdict {
  const didYouMean = cell.trim() ? suggestCorrection(cell.trim()) : null;
  const score = riskScore({
    result: 'invalid',
    role: false,
    didYouMean: didYouMean !== null,
    antiSpam: false,
    acceptsAllProvider: false,
  });
  return {
    result: 'invalid',
    resultCode: 6,
    subResult: 'invalid_syntax',
    quality: qualityFor('invalid', score),
    free: false,
    role: false,
    disposable: false,
    catchAll: false,
    didYouMean,
    provider: '',
    antiSpam: false,
    riskScore: score,
  };
}

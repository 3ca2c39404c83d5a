import {
  earlyVerdict,
  PublicVerdict,
  suggestCorrection,
  verdictEvidence,
  VerificationVerdict,
} from '@lib/verification-engine';
import { VERIFICATION_RESULT_COLUMNS } from '../csv/result-columns';
import { RowVerdict } from './verification-job.events';

/** The appended columns of a verdict: the public fields (every result column) and the evidence; the rest is diagnostics. */
export function toRowVerdict(v: VerificationVerdict): RowVerdict {
  // VERIFICATION_RESULT_COLUMNS names every PublicVerdict field, each a RowVerdict field (result-columns.ts refuses to compile otherwise).
  const shown = Object.fromEntries(VERIFICATION_RESULT_COLUMNS.map((column) => [column, v[column]])) as PublicVerdict;
  return { ...shown, ...verdictEvidence(v) };
}

/** A row whose email cell is empty: decided at upload without a probe, never charged (the engine's verdict for bad syntax). */
export function invalidSyntaxVerdict(cell: string): RowVerdict {
  const didYouMean = cell.trim() ? suggestCorrection(cell.trim()) : null;
  return toRowVerdict(earlyVerdict(cell, 'invalid', 'invalid_syntax', didYouMean, 0));
}

import type { FinderOutcome } from '../domain/finder-outcome';

/** The spec's finder result (`data` of POST /v1/finder), plus the matched pattern and the call's duration. */
export interface FinderResultView {
  email: string | null;
  status: FinderOutcome['status'];
  quality: FinderOutcome['quality'];
  result: FinderOutcome['result'];
  reason: FinderOutcome['reason'];
  confidence: number;
  provider: string;
  pattern: FinderOutcome['pattern'];
  executionMs: number;
  creditsCharged: number;
  creditsRemaining: number;
}

/** The outcome's public fields; `probesUsed` stays internal (it is in the recorded event). */
export function toResultFields(outcome: FinderOutcome): Omit<FinderResultView, 'creditsCharged' | 'creditsRemaining'> {
  const { email, status, quality, result, reason, confidence, provider, pattern, executionMs } = outcome;
  return { email, status, quality, result, reason, confidence, provider, pattern, executionMs };
}

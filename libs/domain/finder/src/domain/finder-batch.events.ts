// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
import type { PatternName } from './candidates/email-patterns';
import type { FinderQuality, FinderReason, FinderResult, FinderStatus } from './finder-outcome';

/** `finder-batch-<batchId>`: also the id of the batch's credit hold, so the hold names its record. */
export const finderBatchStream = (batchId: number | string): string => `finder-batch-${batchId}`;

/**
 * A batch's whole answer, recorded before its hold is settled (each contact's own EmailFound /
 * EmailNotFound is recorded as it is looked up). The record is the proof of work: the hold sweeper
 * charges an expired batch hold from it, and a retried Idempotency-Key replays it.
 */
export type FinderBatchAnswered = {
  type: 'FinderBatchAnswered';
  data: { batchId: number; accountId: string; creditsCharged: number; view: AnsweredBatch; at: string };
};

/**
 * The answer as it was sent, declared here because the event outlives the API's view of it: the
 * batch service's FinderBatchView must stay assignable both ways (it is recorded from this and
 * replayed as this), so a change to the view that would change stored answers fails to compile.
 */
export interface AnsweredBatch {
  results: AnsweredBatchItem[];
  summary: {
    total: number;
    found: number;
    notFound: number;
    errors: number;
    creditsCharged: number;
    creditsRemaining: number;
  };
}

/** The contact as it was sent (unvalidated, so any JSON), echoed back with its answer or its error. */
type AnsweredInput = { firstName: unknown; lastName: unknown; domain: unknown };

export type AnsweredBatchItem =
  | {
      index: number;
      input: AnsweredInput;
      error: null;
      email: string | null;
      status: FinderStatus;
      quality: FinderQuality | null;
      result: FinderResult | null;
      reason: FinderReason;
      confidence: number;
      provider: string;
      pattern: PatternName | null;
      executionMs: number;
      creditsCharged: number;
    }
  | { index: number; input: AnsweredInput; error: { code: number; message: string } };

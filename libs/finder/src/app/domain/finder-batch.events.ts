// Event type strings are stored forever: never rename one; add a new type and an upcaster.
import type { FinderBatchView } from '../find/find-batch.service';

/** `finder-batch-<batchId>`: also the id of the batch's credit hold, so the hold names its record. */
export const finderBatchStream = (batchId: number | string): string => `finder-batch-${batchId}`;

/**
 * A batch's whole answer, recorded before its hold is settled (each contact's own EmailFound /
 * EmailNotFound is recorded as it is looked up). The record is the proof of work: the hold sweeper
 * charges an expired batch hold from it, and a retried Idempotency-Key replays it.
 */
export type FinderBatchAnswered = {
  type: 'FinderBatchAnswered';
  data: { batchId: number; accountId: string; creditsCharged: number; view: FinderBatchView; at: string };
};

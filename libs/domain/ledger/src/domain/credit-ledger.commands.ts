import { OrderSource } from './credit-ledger.events';

/** What a hold (and the charge settling it) pays for: the paid calls and the job chunks. */
export const HOLD_PURPOSES = [
  'verification',
  'batch',
  'job_chunk',
  'finder',
  'finder_batch',
  'finder_job_chunk',
] as const;
export type HoldPurpose = (typeof HOLD_PURPOSES)[number];
/** The synchronous paid calls' purposes (PaidCalls): single and batch verify, single and batch finder. */
export type PaidCallPurpose = Extract<HoldPurpose, 'verification' | 'batch' | 'finder' | 'finder_batch'>;
/** The job chunks' purposes (ChunkWorkflow in libs/domain/jobs). */
export type JobChunkPurpose = Extract<HoldPurpose, 'job_chunk' | 'finder_job_chunk'>;

export type GrantCredits = {
  type: 'GrantCredits';
  accountId: string;
  transactionId: string;
  amount: number;
  bonus: number;
  source: OrderSource | { kind: 'grant'; reason: string };
  at: string;
};
export type AdjustCredits = {
  type: 'AdjustCredits';
  accountId: string;
  transactionId: string;
  amount: number;
  reason: string;
  at: string;
};
/**
 * Sets credits aside before work starts, so work that cannot be paid for never starts. A hold id is used
 * once: holding again under an open hold's id is a no-op, under an ended one (settled or released) is
 * refused (HOLD_ALREADY_ENDED), or a late duplicate of the work would be charged again.
 */
export type HoldCredits = {
  type: 'HoldCredits';
  accountId: string;
  holdId: string;
  amount: number;
  purpose: HoldPurpose;
  reference: string;
  at: string;
  /**
   * A global position the caller read at or before it learned that the work is still to do (a chunk not
   * recorded, a claim just taken): the ledger is loaded from there, so an end of this id since then is
   * seen and refused. One before that the caller saw itself (the chunk's record comes before its settle).
   */
  basis?: number;
  /**
   * Hold what is available when it is less than `amount` (at least 1 credit, or INSUFFICIENT_CREDITS): work
   * that can be cut (a job chunk's rows) does what the balance allows and leaves the rest for later.
   */
  upTo?: boolean;
  /**
   * The API key the call (or the list job whose chunk this is) is made with: its hold and charge count
   * toward the key's month, and with a `monthlyCreditCap` the hold is refused (KEY_CREDIT_CAP_REACHED) when
   * this month's charges, the key's open holds and this amount together would pass it; with `upTo`, it holds
   * what the cap leaves when that is less (at least 1 credit).
   */
  key?: { keyId: string; monthlyCreditCap: number | null };
};
/** Ends a hold: charges `charge` (at most the held amount) and returns the rest. */
export type SettleHold = {
  type: 'SettleHold';
  accountId: string;
  holdId: string;
  charge: number;
  transactionId: string;
  at: string;
};
/**
 * Ends a hold with no charge. `retire`: also when no hold is open under the id (its work may not have held
 * yet: a retry taking over a claim releases the hold of a process that may still be alive), recording the
 * id as ended so that a late hold under it is refused.
 */
export type ReleaseHold = {
  type: 'ReleaseHold';
  accountId: string;
  holdId: string;
  reason: string;
  at: string;
  retire?: boolean;
};

/**
 * Sets a test account's available balance to `balance` (test mode's reset, docs/test-mode.md), written as an
 * adjustment by the difference; held credits stay held. Refused for a live account (TEST_KEY_REQUIRED).
 */
export type ResetTestBalance = {
  type: 'ResetTestBalance';
  accountId: string;
  transactionId: string;
  balance: number;
  at: string;
};

export type CreditLedgerCommand =
  GrantCredits | AdjustCredits | HoldCredits | SettleHold | ReleaseHold | ResetTestBalance;

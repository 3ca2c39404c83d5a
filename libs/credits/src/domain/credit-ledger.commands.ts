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
/** The job chunks' purposes (ChunkWorkflow in libs/jobs). */
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
/** Sets credits aside before work starts, so work that cannot be paid for never starts. */
export type HoldCredits = {
  type: 'HoldCredits';
  accountId: string;
  holdId: string;
  amount: number;
  purpose: HoldPurpose;
  reference: string;
  at: string;
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
export type ReleaseHold = { type: 'ReleaseHold'; accountId: string; holdId: string; reason: string; at: string };

export type CreditLedgerCommand = GrantCredits | AdjustCredits | HoldCredits | SettleHold | ReleaseHold;

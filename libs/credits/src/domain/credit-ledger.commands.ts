import { OrderSource } from './credit-ledger.events';

/** What a charge pays for: 'verification', 'batch', 'job_chunk', 'finder', 'finder_job_chunk'. */
export type Purpose = string;

export type GrantCredits = { type: 'GrantCredits'; accountId: string; transactionId: string; amount: number; bonus: number; source: OrderSource | { kind: 'grant'; reason: string }; at: string };
export type AdjustCredits = { type: 'AdjustCredits'; accountId: string; transactionId: string; amount: number; reason: string; at: string };
/** Sets credits aside before work starts, so work that cannot be paid for never starts. */
export type HoldCredits = { type: 'HoldCredits'; accountId: string; holdId: string; amount: number; purpose: Purpose; reference: string; at: string };
/** Ends a hold: charges `charge` (at most the held amount) and returns the rest. */
export type SettleHold = { type: 'SettleHold'; accountId: string; holdId: string; charge: number; transactionId: string; at: string };
export type ReleaseHold = { type: 'ReleaseHold'; accountId: string; holdId: string; reason: string; at: string };

export type CreditLedgerCommand = GrantCredits | AdjustCredits | HoldCredits | SettleHold | ReleaseHold;

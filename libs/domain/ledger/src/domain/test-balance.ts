import { isTestAccount } from '@lib/common';

/** What a test account's ledger opens with, and what a reset restores by default (docs/test-mode.md). */
export const TEST_STARTING_BALANCE = 10_000;
/** The most a reset may set a test balance to. */
export const TEST_BALANCE_MAX = 1_000_000;

/**
 * What a ledger holds before its first event: a test account's starting balance, nothing for a live one.
 * The decider writes it as the ledger's first event; the balance query answers it for a ledger not used yet.
 */
export const openingBalanceOf = (accountId: string): number => (isTestAccount(accountId) ? TEST_STARTING_BALANCE : 0);

/** The opening grant's transaction id: one per ledger, so it is written (and listed) once. */
export const openingTransactionId = (accountId: string): string => `tx_opening_${accountId}`;

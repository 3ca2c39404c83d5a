import { Decider } from '@lib/common';

// Event type strings are stored forever: never rename one; add a new type and an upcaster instead.
export type AutoTopupSettings = { enabled: boolean; thresholdCredits: number; packageId: number };
export type AutoTopupConfigured = { type: 'AutoTopupConfigured'; data: AutoTopupSettings & { accountId: string; configuredBy: string; configuredAt: string } };
/** One crossing of the threshold, by the ledger event at `ledgerRevision`, and the order it buys. */
export type AutoTopupTriggered = { type: 'AutoTopupTriggered'; data: { accountId: string; ledgerRevision: number; orderId: string; packageId: number; triggeredAt: string } };
export type AutoTopupFailed = { type: 'AutoTopupFailed'; data: { accountId: string; ledgerRevision: number; orderId: string; reason: string; failedAt: string } };

/** The account's settings: the latest AutoTopupConfigured of this stream. */
export const autoTopupSettingsStream = (accountId: string): string => `autotopup-${accountId}`;
/**
 * One stream per crossing, named by the ledger event that crossed: its first event fixes the order id,
 * so a redelivered or concurrently handled crossing buys the same order, never a second one.
 */
export const autoTopupCrossingStream = (accountId: string, ledgerRevision: number): string => `autotopups-${accountId}-${ledgerRevision}`;

/**
 * Whether a ledger change took the balance from at or above the threshold to below it. The ledger
 * applies charges one at a time, so however many run at once exactly one event crosses.
 */
export function crossesThreshold(balanceBefore: number, balanceAfter: number, thresholdCredits: number): boolean {
  return balanceBefore >= thresholdCredits && balanceAfter < thresholdCredits;
}

type CrossingState = { status: 'new' } | { status: 'triggered'; accountId: string; ledgerRevision: number; orderId: string; failed: boolean };
type CrossingCommand =
  | { type: 'TriggerAutoTopup'; accountId: string; ledgerRevision: number; orderId: string; packageId: number; at: string }
  | { type: 'RecordAutoTopupFailure'; reason: string; at: string };

export const autoTopupCrossingDecider: Decider<CrossingCommand, AutoTopupTriggered | AutoTopupFailed, CrossingState> = {
  initialState: { status: 'new' },
  decide(command, state) {
    if (command.type === 'TriggerAutoTopup') {
      if (state.status !== 'new') return [];
      const { type: _type, at, ...data } = command;
      return [{ type: 'AutoTopupTriggered', data: { ...data, triggeredAt: at } }];
    }
    if (state.status !== 'triggered' || state.failed) return [];
    return [{ type: 'AutoTopupFailed', data: { accountId: state.accountId, ledgerRevision: state.ledgerRevision, orderId: state.orderId, reason: command.reason, failedAt: command.at } }];
  },
  evolve(state, event) {
    if (event.type === 'AutoTopupTriggered') return { status: 'triggered', accountId: event.data.accountId, ledgerRevision: event.data.ledgerRevision, orderId: event.data.orderId, failed: false };
    return state.status === 'triggered' ? { ...state, failed: true } : state;
  },
};

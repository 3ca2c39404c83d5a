import { Decider } from '@lib/common';

// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
export type AutoTopupSettings = { enabled: boolean; thresholdCredits: number; packageId: number };
export type AutoTopupConfigured = {
  type: 'AutoTopupConfigured';
  data: AutoTopupSettings & { accountId: string; configuredBy: string; configuredAt: string };
};
/** One crossing of the threshold, by the ledger event at `ledgerRevision`, and the order it buys. */
export type AutoTopupTriggered = {
  type: 'AutoTopupTriggered';
  data: { accountId: string; ledgerRevision: number; orderId: string; packageId: number; triggeredAt: string };
};
export type AutoTopupFailed = {
  type: 'AutoTopupFailed';
  data: { accountId: string; ledgerRevision: number; orderId: string; reason: string; failedAt: string };
};
/** The owner was mailed about the failure (recorded after sending, so a crash in between sends it again). */
export type AutoTopupOwnerNotified = {
  type: 'AutoTopupOwnerNotified';
  data: { accountId: string; ledgerRevision: number; orderId: string; notifiedAt: string };
};
type CrossingEvent = AutoTopupTriggered | AutoTopupFailed | AutoTopupOwnerNotified;

/** The account's settings: the latest AutoTopupConfigured of this stream. */
export const autoTopupSettingsStream = (accountId: string): string => `autotopup-${accountId}`;

type ConfigureAutoTopup = {
  type: 'ConfigureAutoTopup';
  accountId: string;
  settings: AutoTopupSettings;
  configuredBy: string;
  at: string;
};

/**
 * The settings stream: each configuration replaces the one before whole (the package is checked against
 * the catalogue before), so every event carries the complete settings and a command reads only the last.
 */
export const autoTopupSettingsDecider: Decider<ConfigureAutoTopup, AutoTopupConfigured, AutoTopupSettings | null> = {
  initialState: null,
  decide: ({ accountId, settings, configuredBy, at }) => [
    { type: 'AutoTopupConfigured', data: { ...settings, accountId, configuredBy, configuredAt: at } },
  ],
  evolve: (_state, { data: { enabled, thresholdCredits, packageId } }) => ({ enabled, thresholdCredits, packageId }),
};
/**
 * One stream per crossing, named by the ledger event that crossed: its first event fixes the order id,
 * so a redelivered or concurrently handled crossing buys the same order, never a second one.
 */
export const autoTopupCrossingStream = (accountId: string, ledgerRevision: number): string =>
  `autotopups-${accountId}-${ledgerRevision}`;

/**
 * Whether a ledger change took the balance from at or above the threshold to below it. The ledger
 * applies charges one at a time, so however many run at once exactly one event crosses.
 */
export function crossesThreshold(balanceBefore: number, balanceAfter: number, thresholdCredits: number): boolean {
  return balanceBefore >= thresholdCredits && balanceAfter < thresholdCredits;
}

type CrossingState =
  | { status: 'new' }
  | {
      status: 'triggered';
      accountId: string;
      ledgerRevision: number;
      orderId: string;
      failure: string | null;
      notified: boolean;
    };
type CrossingCommand =
  | {
      type: 'TriggerAutoTopup';
      accountId: string;
      ledgerRevision: number;
      orderId: string;
      packageId: number;
      at: string;
    }
  | { type: 'RecordAutoTopupFailure'; reason: string; at: string }
  | { type: 'RecordOwnerNotified'; at: string };

export const autoTopupCrossingDecider: Decider<CrossingCommand, CrossingEvent, CrossingState> = {
  initialState: { status: 'new' },
  decide(command, state) {
    if (command.type === 'TriggerAutoTopup') {
      if (state.status !== 'new') return [];
      const { type: _type, at, ...data } = command;
      return [{ type: 'AutoTopupTriggered', data: { ...data, triggeredAt: at } }];
    }
    if (state.status !== 'triggered') return [];
    const { accountId, ledgerRevision, orderId } = state;
    if (command.type === 'RecordAutoTopupFailure') {
      if (state.failure !== null) return [];
      return [
        {
          type: 'AutoTopupFailed',
          data: { accountId, ledgerRevision, orderId, reason: command.reason, failedAt: command.at },
        },
      ];
    }
    if (state.failure === null || state.notified) return [];
    return [{ type: 'AutoTopupOwnerNotified', data: { accountId, ledgerRevision, orderId, notifiedAt: command.at } }];
  },
  evolve(state, event) {
    if (event.type === 'AutoTopupTriggered') {
      const { accountId, ledgerRevision, orderId } = event.data;
      return { status: 'triggered', accountId, ledgerRevision, orderId, failure: null, notified: false };
    }
    if (state.status !== 'triggered') return state;
    return event.type === 'AutoTopupFailed' ? { ...state, failure: event.data.reason } : { ...state, notified: true };
  },
};

import { Decider, DomainError, isTestAccount } from '@lib/common';
import { CreditLedgerCommand } from './credit-ledger.commands';
import { CreditLedgerEvent, Holds, KeySpend } from './credit-ledger.events';
import { CREDIT_LEDGER_UPCASTERS } from './credit-ledger.upcast';
import { openingBalanceOf, openingTransactionId, TEST_BALANCE_MAX } from './test-balance';

/**
 * balance: credits owned; held: set aside for work in flight; available = balance - held. keySpend: what
 * each API key was charged in its latest charge's UTC month (its monthly cap's count). endedHolds: the
 * ids of the holds the loaded events ended (settled or released), so a late hold under one is refused; it is
 * not stored (the events carry balance, open holds and key counts only), so it covers what was loaded: the latest event
 * and, for a hold with a `basis`, every event since. opened: the ledger has an event (every load folds the latest).
 */
export type LedgerState = {
  balance: number;
  holds: Holds;
  endedHolds: readonly string[];
  keySpend: KeySpend;
  opened: boolean;
};

export const creditLedgerStream = (accountId: string): string => `credits-${accountId}`;

export const heldTotal = (holds: Holds): number => Object.values(holds).reduce((sum, hold) => sum + hold.amount, 0);
export const available = (state: LedgerState): number => state.balance - heldTotal(state.holds);

const MAX_AMOUNT = 1_000_000_000;

function requireAmount(amount: number, allowNegative: boolean): void {
  const ok =
    Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_AMOUNT && (allowNegative ? amount !== 0 : amount > 0);
  if (!ok) throw new DomainError('INVALID_CREDIT_AMOUNT');
}

const monthOf = (at: string): string => at.slice(0, 7); // ISO time: YYYY-MM, in UTC

/** The credits a key's open holds set aside (its paid calls and its list jobs' chunks in flight). */
export const heldThrough = (holds: Holds, keyId: string): number =>
  heldTotal(Object.fromEntries(Object.entries(holds).filter(([, h]) => h.keyId === keyId)));

/** What a key has charged in the month of `at`, and holds open now. */
function keyMonth(state: LedgerState, keyId: string, at: string): number {
  const spent = state.keySpend[keyId];
  const charged = spent && spent.month === monthOf(at) ? spent.charged : 0;
  return charged + heldThrough(state.holds, keyId);
}

/** The per-key count carried on every event once a key has charged (absent before, as on older events). */
const spendAfter = (keySpend: KeySpend): { keySpendAfter?: KeySpend } =>
  Object.keys(keySpend).length > 0 ? { keySpendAfter: keySpend } : {};

/** The count after a charge through `keyId`; other months' counts are dropped, so it holds this month's keys only. */
function charged(state: LedgerState, keyId: string | undefined, amount: number, at: string): KeySpend {
  if (!keyId) return state.keySpend;
  const month = monthOf(at);
  const current = Object.fromEntries(Object.entries(state.keySpend).filter(([, spent]) => spent.month === month));
  return { ...current, [keyId]: { month, charged: (current[keyId]?.charged ?? 0) + amount } };
}

function without(holds: Holds, holdId: string): Holds {
  const { [holdId]: _removed, ...rest } = holds;
  return rest;
}

/** The hold an event ends: a settlement's charge or a release (a charge without a hold ends none). */
export function endedHoldId(event: CreditLedgerEvent): string | null {
  if (event.type === 'CreditHoldReleased') return event.data.holdId;
  if (event.type === 'CreditsUsed') return event.data.holdId;
  return null;
}

/** A ledger's first event when it opens with credits (a test account's starting balance); none otherwise. */
function opening(command: CreditLedgerCommand, state: LedgerState): CreditLedgerEvent[] {
  const amount = openingBalanceOf(command.accountId);
  if (state.opened || amount === 0) return [];
  return [
    {
      type: 'CreditsAdded',
      data: {
        accountId: command.accountId,
        at: command.at,
        transactionId: openingTransactionId(command.accountId),
        amount,
        bonus: 0,
        source: { kind: 'grant', reason: 'test mode starting balance' },
        balanceAfter: amount,
        holdsAfter: {},
      },
    },
  ];
}

function resetTestBalance(
  command: Extract<CreditLedgerCommand, { type: 'ResetTestBalance' }>,
  state: LedgerState,
): CreditLedgerEvent[] {
  if (!isTestAccount(command.accountId)) throw new DomainError('TEST_KEY_REQUIRED');
  if (!Number.isSafeInteger(command.balance) || command.balance < 0 || command.balance > TEST_BALANCE_MAX)
    throw new DomainError('INVALID_TEST_BALANCE');
  const amount = command.balance - available(state);
  if (amount === 0) return [];
  return [
    {
      type: 'CreditsAdjusted',
      data: {
        accountId: command.accountId,
        at: command.at,
        transactionId: command.transactionId,
        amount,
        reason: 'test balance reset',
        balanceAfter: state.balance + amount,
        holdsAfter: state.holds,
        ...spendAfter(state.keySpend),
      },
    },
  ];
}

export const creditLedgerDecider: Decider<CreditLedgerCommand, CreditLedgerEvent, LedgerState> = {
  initialState: { balance: 0, holds: {}, endedHolds: [], keySpend: {}, opened: false },
  upcasters: CREDIT_LEDGER_UPCASTERS,

  // A ledger that opens with credits (openingBalanceOf) writes them first, then the command on top.
  decide(command, state) {
    const opened = opening(command, state);
    const after = opened.reduce((s, e) => creditLedgerDecider.evolve(s, e), state);
    return [...opened, ...decideOn(command, after)];
  },

  // Each event holds the full state after it, so evolve ignores the previous balance and holds.
  evolve(state, event) {
    const ended = endedHoldId(event);
    return {
      balance: event.data.balanceAfter,
      holds: event.data.holdsAfter,
      endedHolds: ended === null ? state.endedHolds : [...state.endedHolds, ended],
      keySpend: event.data.keySpendAfter ?? {},
      opened: true,
    };
  },
};

/**
 * A ledger before its first event as every reader sees it: what it opens with (a test account's starting
 * balance, which decide writes as its first event), not the bare initial state, which holds no credits.
 */
export const unopenedLedger = (accountId: string): LedgerState => ({
  ...creditLedgerDecider.initialState,
  balance: openingBalanceOf(accountId),
});

/** One account's ledger fold: its events folded from what it opens with (every read of its state uses it). */
export const creditLedgerOf = (accountId: string): typeof creditLedgerDecider => ({
  ...creditLedgerDecider,
  initialState: unopenedLedger(accountId),
});

function decideOn(command: CreditLedgerCommand, state: LedgerState): CreditLedgerEvent[] {
  const base = { accountId: command.accountId, at: command.at };
  switch (command.type) {
    case 'GrantCredits': {
      requireAmount(command.amount + command.bonus, false);
      const balanceAfter = state.balance + command.amount + command.bonus;
      return [
        {
          type: 'CreditsAdded',
          data: {
            ...base,
            transactionId: command.transactionId,
            amount: command.amount,
            bonus: command.bonus,
            source: command.source,
            balanceAfter,
            holdsAfter: state.holds,
            ...spendAfter(state.keySpend),
          },
        },
      ];
    }
    case 'AdjustCredits': {
      requireAmount(command.amount, true);
      // An adjustment may not take away credits that are held for work in flight.
      if (available(state) + command.amount < 0)
        throw new DomainError('INVALID_CREDIT_AMOUNT', 'The adjustment would make the available balance negative.');
      return [
        {
          type: 'CreditsAdjusted',
          data: {
            ...base,
            transactionId: command.transactionId,
            amount: command.amount,
            reason: command.reason,
            balanceAfter: state.balance + command.amount,
            holdsAfter: state.holds,
            ...spendAfter(state.keySpend),
          },
        },
      ];
    }
    case 'HoldCredits': {
      if (state.holds[command.holdId]) return []; // a retried hold is already in place
      if (state.endedHolds.includes(command.holdId))
        throw new DomainError('HOLD_ALREADY_ENDED', `Hold ${command.holdId} was already settled or released.`);
      requireAmount(command.amount, false);
      const free = available(state);
      if (free < (command.upTo ? 1 : command.amount))
        throw new DomainError('INSUFFICIENT_CREDITS', `This needs ${command.amount} credit(s); ${free} available.`);
      const key = command.key;
      const room = key?.monthlyCreditCap != null ? key.monthlyCreditCap - keyMonth(state, key.keyId, command.at) : null;
      if (room !== null && room < (command.upTo ? 1 : command.amount))
        throw new DomainError(
          'KEY_CREDIT_CAP_REACHED',
          `This needs ${command.amount} credit(s); the key's monthly cap of ${key!.monthlyCreditCap} leaves ${Math.max(room, 0)} this month.`,
        );
      const amount = Math.min(command.amount, free, room ?? Infinity);
      const hold = {
        amount,
        purpose: command.purpose,
        reference: command.reference,
        heldAt: command.at,
        ...(key ? { keyId: key.keyId } : {}),
      };
      return [
        {
          type: 'CreditsHeld',
          data: {
            ...base,
            holdId: command.holdId,
            amount,
            purpose: command.purpose,
            reference: command.reference,
            balanceAfter: state.balance,
            holdsAfter: { ...state.holds, [command.holdId]: hold },
            ...spendAfter(state.keySpend),
          },
        },
      ];
    }
    case 'SettleHold': {
      const hold = state.holds[command.holdId];
      if (!hold) return []; // already settled or released: settling twice never charges twice
      if (!Number.isSafeInteger(command.charge) || command.charge < 0 || command.charge > hold.amount) {
        throw new DomainError('INVALID_CREDIT_AMOUNT', `A settlement charges 0 to ${hold.amount} credits.`);
      }
      const holdsAfter = without(state.holds, command.holdId);
      if (command.charge === 0) {
        return [
          {
            type: 'CreditHoldReleased',
            data: {
              ...base,
              holdId: command.holdId,
              amount: hold.amount,
              reason: 'nothing to charge',
              balanceAfter: state.balance,
              holdsAfter,
              ...spendAfter(state.keySpend),
            },
          },
        ];
      }
      return [
        {
          type: 'CreditsUsed',
          data: {
            ...base,
            transactionId: command.transactionId,
            holdId: command.holdId,
            amount: command.charge,
            purpose: hold.purpose,
            reference: hold.reference,
            balanceAfter: state.balance - command.charge,
            holdsAfter,
            ...spendAfter(charged(state, hold.keyId, command.charge, command.at)),
          },
        },
      ];
    }
    case 'ReleaseHold': {
      const hold = state.holds[command.holdId];
      if (!hold && (!command.retire || state.endedHolds.includes(command.holdId))) return [];
      return [
        {
          type: 'CreditHoldReleased',
          data: {
            ...base,
            holdId: command.holdId,
            amount: hold?.amount ?? 0,
            reason: command.reason,
            balanceAfter: state.balance,
            holdsAfter: without(state.holds, command.holdId),
            ...spendAfter(state.keySpend),
          },
        },
      ];
    }
    case 'ResetTestBalance':
      return resetTestBalance(command, state);
  }
}

import { decidedHistory, deciderSpec } from '@lib/common/testing';
import { CreditLedgerCommand } from './credit-ledger.commands';
import type { CreditLedgerEvent } from './credit-ledger.events';
import { available, creditLedgerDecider, creditLedgerOf } from './credit-ledger.decider';
import { TEST_STARTING_BALANCE } from './test-balance';

// Issue 38, test mode: a test account's ledger opens with its starting balance and resets on request.
const at = '2025-06-10T12:00:00.000Z';
const given = deciderSpec(creditLedgerDecider);
const hold = (accountId: string, holdId: string, amount: number): CreditLedgerCommand => ({
  type: 'HoldCredits',
  accountId,
  holdId,
  amount,
  purpose: 'batch',
  reference: holdId,
  at,
});
const reset = (accountId: string, balance: number): CreditLedgerCommand => ({
  type: 'ResetTestBalance',
  accountId,
  transactionId: 'tx_reset',
  balance,
  at,
});
const fold = (events: CreditLedgerEvent[]) => given(events).state;

describe('credit ledger in test mode', () => {
  describe('when a test account first uses its ledger', () => {
    it('writes the starting balance as its first event, then the command', () => {
      const events = given([])
        .when(hold('test_42', 'h1', 3))
        .events();
      expect(events.map((e) => e.type)).toEqual(['CreditsAdded', 'CreditsHeld']);
      expect(events[0].data).toMatchObject({
        transactionId: 'tx_opening_test_42',
        amount: TEST_STARTING_BALANCE,
        source: { kind: 'grant', reason: 'test mode starting balance' },
      });
      expect(available(fold(events))).toBe(TEST_STARTING_BALANCE - 3);
    });

    it('writes it once', () => {
      const events = decidedHistory(creditLedgerDecider, hold('test_42', 'h1', 3), hold('test_42', 'h2', 4));
      expect(events.filter((e) => e.type === 'CreditsAdded')).toHaveLength(1);
    });

    it('refuses a hold above the starting balance with 402', () => {
      given([])
        .when(hold('test_42', 'h1', TEST_STARTING_BALANCE + 1))
        .thenThrows('INSUFFICIENT_CREDITS');
    });
  });

  describe('when a test ledger was never used', () => {
    const unused = deciderSpec(creditLedgerOf('test_42'))([]);

    it('reads its starting balance, as the balance query does', () => {
      expect({ balance: unused.state.balance, available: available(unused.state) }).toEqual({
        balance: TEST_STARTING_BALANCE,
        available: TEST_STARTING_BALANCE,
      });
    });

    it('still writes the starting balance with its first command, counted once', () => {
      const events = unused.when(hold('test_42', 'h1', 3)).events();
      expect(events.map((e) => e.type)).toEqual(['CreditsAdded', 'CreditsHeld']);
      expect(events).toEqual(
        given([])
          .when(hold('test_42', 'h1', 3))
          .events(),
      );
      expect(available(deciderSpec(creditLedgerOf('test_42'))(events).state)).toBe(TEST_STARTING_BALANCE - 3);
    });

    it('reads nothing for a live ledger never used', () => {
      expect(available(deciderSpec(creditLedgerOf('42'))([]).state)).toBe(0);
    });
  });

  describe('when a live account first uses its ledger', () => {
    it('opens empty', () => {
      given([])
        .when(hold('42', 'h1', 1))
        .thenThrows('INSUFFICIENT_CREDITS');
    });
  });

  describe('a reset', () => {
    it('sets the available balance by an adjustment, leaving held credits held', () => {
      const history = decidedHistory(creditLedgerDecider, hold('test_42', 'h1', 30));
      const events = given(history).when(reset('test_42', 5)).events();
      expect(events).toMatchObject([
        { type: 'CreditsAdjusted', data: { amount: 5 - (TEST_STARTING_BALANCE - 30), reason: 'test balance reset' } },
      ]);
      const state = fold([...history, ...events]);
      expect({ available: available(state), held: state.balance - available(state) }).toEqual({
        available: 5,
        held: 30,
      });
    });

    it('writes nothing when the balance is already the target', () => {
      const history = decidedHistory(creditLedgerDecider, hold('test_42', 'h1', 0 + 1));
      given(history)
        .when(reset('test_42', TEST_STARTING_BALANCE - 1))
        .then([]);
    });

    it('is refused for a live account (403, 1118)', () => {
      given([]).when(reset('42', 10)).thenThrows('TEST_KEY_REQUIRED');
    });

    it.each([-1, 1.5, 1_000_001])('refuses a balance of %d (400, 2020)', (balance) => {
      given([]).when(reset('test_42', balance)).thenThrows('INVALID_TEST_BALANCE');
    });
  });
});

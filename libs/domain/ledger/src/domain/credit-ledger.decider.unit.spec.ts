import { deciderSpec } from '@lib/common/testing';
import { CreditLedgerCommand } from './credit-ledger.commands';
import { available, creditLedgerDecider, LedgerState } from './credit-ledger.decider';
import { CreditLedgerEvent } from './credit-ledger.events';

const at = '2025-01-01T00:00:00.000Z';
const accountId = '42';

type Bare<C> = C extends unknown ? Omit<C, 'accountId' | 'at'> : never;

const given = deciderSpec(creditLedgerDecider);
/** A command for the account under test, at the test's time. */
const command = (bare: Bare<CreditLedgerCommand>) => ({ ...bare, accountId, at }) as CreditLedgerCommand;

const thenEvolve = (events: CreditLedgerEvent[], more: CreditLedgerEvent[]): LedgerState =>
  given([...events, ...more]).state;

const granted = given([])
  .when(
    command({
      type: 'GrantCredits',
      transactionId: 't1',
      amount: 10,
      bonus: 2,
      source: { kind: 'grant', reason: 'test' },
    }),
  )
  .events();

describe('credit ledger', () => {
  describe('when credits are granted', () => {
    it('adds the amount and the bonus to the balance', () => {
      expect(granted).toHaveLength(1);
      expect(granted[0]).toMatchObject({ type: 'CreditsAdded', data: { amount: 10, bonus: 2, balanceAfter: 12 } });
    });

    it('refuses a zero or fractional grant', () => {
      given([])
        .when(
          command({
            type: 'GrantCredits',
            transactionId: 't',
            amount: 0,
            bonus: 0,
            source: { kind: 'grant', reason: '' },
          }),
        )
        .thenThrows('INVALID_CREDIT_AMOUNT');
      given([])
        .when(
          command({
            type: 'GrantCredits',
            transactionId: 't',
            amount: 1.5,
            bonus: 0,
            source: { kind: 'grant', reason: '' },
          }),
        )
        .thenThrows('INVALID_CREDIT_AMOUNT');
    });
  });

  describe('when credits are held', () => {
    const held = given(granted)
      .when(command({ type: 'HoldCredits', holdId: 'h1', amount: 5, purpose: 'verification', reference: 'v1' }))
      .events();

    it('keeps the balance but reduces what is available', () => {
      const state = thenEvolve(granted, held);
      expect(state.balance).toBe(12);
      expect(available(state)).toBe(7);
    });

    it('does not hold twice for a retried hold id', () => {
      given([...granted, ...held])
        .when(command({ type: 'HoldCredits', holdId: 'h1', amount: 5, purpose: 'verification', reference: 'v1' }))
        .then([]);
    });

    it('refuses a hold larger than the available balance with INSUFFICIENT_CREDITS', () => {
      given([...granted, ...held])
        .when(command({ type: 'HoldCredits', holdId: 'h2', amount: 8, purpose: 'batch', reference: 'b' }))
        .thenThrows('INSUFFICIENT_CREDITS');
    });

    it('finding 1: holds what is available when a chunk asks up to more than that', () => {
      const [event] = given([...granted, ...held])
        .when(
          command({ type: 'HoldCredits', holdId: 'h2', amount: 200, purpose: 'job_chunk', reference: 'c', upTo: true }),
        )
        .events();
      expect(event).toMatchObject({ type: 'CreditsHeld', data: { holdId: 'h2', amount: 7 } });
    });

    it('finding 1: refuses an up-to hold only when not one credit is available', () => {
      const all = given([...granted, ...held])
        .when(command({ type: 'HoldCredits', holdId: 'h2', amount: 7, purpose: 'job_chunk', reference: 'c' }))
        .events();
      given([...granted, ...held, ...all])
        .when(
          command({ type: 'HoldCredits', holdId: 'h3', amount: 200, purpose: 'job_chunk', reference: 'd', upTo: true }),
        )
        .thenThrows('INSUFFICIENT_CREDITS');
    });

    it('refuses any hold on an empty ledger', () => {
      given([])
        .when(command({ type: 'HoldCredits', holdId: 'h', amount: 1, purpose: 'verification', reference: 'v' }))
        .thenThrows('INSUFFICIENT_CREDITS');
    });
  });

  describe('when a hold is settled', () => {
    const history = [
      ...granted,
      ...given(granted)
        .when(command({ type: 'HoldCredits', holdId: 'h1', amount: 5, purpose: 'batch', reference: 'b1' }))
        .events(),
    ];
    const settled = given(history)
      .when(command({ type: 'SettleHold', holdId: 'h1', charge: 3, transactionId: 'tx_h1' }))
      .events();

    it('charges the decisive count and frees the rest of the hold', () => {
      expect(settled[0]).toMatchObject({
        type: 'CreditsUsed',
        data: { amount: 3, balanceAfter: 9, reference: 'b1', purpose: 'batch' },
      });
      const state = thenEvolve(history, settled);
      expect(state.holds).toEqual({});
      expect(available(state)).toBe(9);
    });

    it('charges nothing the second time', () => {
      given([...history, ...settled])
        .when(command({ type: 'SettleHold', holdId: 'h1', charge: 3, transactionId: 'tx_h1' }))
        .then([]);
    });

    it('releases the hold without a transaction when the charge is 0', () => {
      const free = given(history)
        .when(command({ type: 'SettleHold', holdId: 'h1', charge: 0, transactionId: 'tx_h1' }))
        .events();
      expect(free).toHaveLength(1);
      expect(free[0]).toMatchObject({ type: 'CreditHoldReleased', data: { balanceAfter: 12, holdsAfter: {} } });
    });

    it('refuses to charge more than was held', () => {
      given(history)
        .when(command({ type: 'SettleHold', holdId: 'h1', charge: 6, transactionId: 'tx_h1' }))
        .thenThrows('INVALID_CREDIT_AMOUNT');
    });
  });

  describe('when a hold is released', () => {
    it('returns the held credits and a second release changes nothing', () => {
      const history = [
        ...granted,
        ...given(granted)
          .when(command({ type: 'HoldCredits', holdId: 'h1', amount: 4, purpose: 'verification', reference: 'v' }))
          .events(),
      ];
      const released = given(history)
        .when(command({ type: 'ReleaseHold', holdId: 'h1', reason: 'expired' }))
        .events();
      expect(released[0]).toMatchObject({ type: 'CreditHoldReleased', data: { amount: 4, reason: 'expired' } });
      expect(available(thenEvolve(history, released))).toBe(12);
      given([...history, ...released])
        .when(command({ type: 'ReleaseHold', holdId: 'h1', reason: 'expired' }))
        .then([]);
    });
  });

  describe('when a hold id was already used', () => {
    const hold = command({
      type: 'HoldCredits',
      holdId: 'h1',
      amount: 4,
      purpose: 'job_chunk',
      reference: 'job:1:chunk:0',
    });
    const held = [...granted, ...given(granted).when(hold).events()];
    const settle = command({ type: 'SettleHold', holdId: 'h1', charge: 4, transactionId: 'tx_h1' });
    const settled = [...held, ...given(held).when(settle).events()];

    it('finding 1: refuses a new hold under an id that was settled, so a late overlapping delivery cannot be charged again', () => {
      given(settled).when(hold).thenThrows('HOLD_ALREADY_ENDED');
    });

    it('finding 1: refuses a new hold under an id that was released', () => {
      const released = [
        ...held,
        ...given(held)
          .when(command({ type: 'ReleaseHold', holdId: 'h1', reason: 'x' }))
          .events(),
      ];
      given(released).when(hold).thenThrows('HOLD_ALREADY_ENDED');
    });

    it('finding 1: still refuses it when later events of other holds were loaded after the end', () => {
      const other = command({ type: 'HoldCredits', holdId: 'h2', amount: 1, purpose: 'verification', reference: 'v2' });
      given([...settled, ...given(settled).when(other).events()])
        .when(hold)
        .thenThrows('HOLD_ALREADY_ENDED');
    });

    it('finding 1: retires an id that was never held, so a late hold under it is refused', () => {
      const retire = command({ type: 'ReleaseHold', holdId: 'h9', reason: 'superseded by a retry', retire: true });
      const retired = given(granted).when(retire).events();
      expect(retired).toEqual([
        expect.objectContaining({
          type: 'CreditHoldReleased',
          data: expect.objectContaining({ holdId: 'h9', amount: 0, balanceAfter: 12, holdsAfter: {} }),
        }),
      ]);
      given([...granted, ...retired])
        .when(command({ type: 'HoldCredits', holdId: 'h9', amount: 1, purpose: 'verification', reference: 'v9' }))
        .thenThrows('HOLD_ALREADY_ENDED');
      given([...granted, ...retired])
        .when(retire)
        .then([]);
    });

    it('releases nothing for an unknown id unless asked to retire it', () => {
      given(granted)
        .when(command({ type: 'ReleaseHold', holdId: 'h9', reason: 'expired' }))
        .then([]);
    });
  });

  describe('when credits are adjusted', () => {
    it('adds or removes credits with the reason recorded', () => {
      const down = given(granted)
        .when(command({ type: 'AdjustCredits', transactionId: 'a1', amount: -2, reason: 'refund' }))
        .events();
      expect(down[0]).toMatchObject({
        type: 'CreditsAdjusted',
        data: { amount: -2, reason: 'refund', balanceAfter: 10 },
      });
    });

    it('refuses to take away credits that are held for work in flight', () => {
      const history = [
        ...granted,
        ...given(granted)
          .when(command({ type: 'HoldCredits', holdId: 'h1', amount: 10, purpose: 'verification', reference: 'v' }))
          .events(),
      ];
      given(history)
        .when(command({ type: 'AdjustCredits', transactionId: 'a2', amount: -3, reason: 'x' }))
        .thenThrows('INVALID_CREDIT_AMOUNT');
    });

    it('refuses a zero adjustment', () => {
      given(granted)
        .when(command({ type: 'AdjustCredits', transactionId: 'a3', amount: 0, reason: 'x' }))
        .thenThrows('INVALID_CREDIT_AMOUNT');
    });
  });
});

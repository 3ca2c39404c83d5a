import { decidedHistory, deciderSpec } from '@lib/common/testing';
import { CreditLedgerCommand } from './credit-ledger.commands';
import { creditLedgerDecider } from './credit-ledger.decider';

// Issue 38, scoped keys: a key's monthly credit cap, judged in the ledger's own decisions so that concurrent
// paid calls through one key cannot pass it together.
const accountId = '42';
const june = '2025-06-10T12:00:00.000Z';
const endOfJune = '2025-06-30T23:59:59.999Z';
const july = '2025-07-01T00:00:00.000Z';
const given = deciderSpec(creditLedgerDecider);
const capped = (cap: number | null, keyId = 'k1') => ({ keyId, monthlyCreditCap: cap });

const hold = (holdId: string, amount: number, key?: ReturnType<typeof capped>, at = june): CreditLedgerCommand => ({
  type: 'HoldCredits',
  accountId,
  holdId,
  amount,
  purpose: 'batch',
  reference: holdId,
  ...(key ? { key } : {}),
  at,
});
const settle = (holdId: string, charge: number, at = june): CreditLedgerCommand => ({
  type: 'SettleHold',
  accountId,
  holdId,
  charge,
  transactionId: `tx_${holdId}`,
  at,
});
const funded = decidedHistory(creditLedgerDecider, {
  type: 'GrantCredits',
  accountId,
  transactionId: 't0',
  amount: 1000,
  bonus: 0,
  source: { kind: 'grant', reason: 'test' },
  at: june,
});
const after = (...commands: CreditLedgerCommand[]) =>
  commands.reduce((events, command) => [...events, ...given(events).when(command).events()], funded);

describe('credit ledger: a key monthly credit cap', () => {
  it("counts a key's charges of the month on every event from then on", () => {
    const events = after(hold('h1', 5, capped(null)), settle('h1', 3));
    expect(events.at(-1)!.data).toMatchObject({ keySpendAfter: { k1: { month: '2025-06', charged: 3 } } });
    const grant = given(events)
      .when({ type: 'AdjustCredits', accountId, transactionId: 'a', amount: 5, reason: 'r', at: june })
      .events();
    expect(grant[0].data).toMatchObject({ keySpendAfter: { k1: { month: '2025-06', charged: 3 } } });
  });

  it("refuses a hold that with this month's charges and the open holds would pass the cap (402, 2018)", () => {
    const events = after(hold('h1', 4, capped(10)), settle('h1', 4), hold('h2', 3, capped(10)));
    given(events)
      .when(hold('h3', 4, capped(10)))
      .thenThrows('KEY_CREDIT_CAP_REACHED');
    given(events)
      .when(hold('h3', 3, capped(10)))
      .then([expect.objectContaining({ type: 'CreditsHeld', data: expect.objectContaining({ amount: 3 }) })]);
  });

  it('gives back the room of a hold that is released or settled for less', () => {
    const events = after(hold('h1', 10, capped(10)), settle('h1', 2));
    given(events)
      .when(hold('h2', 8, capped(10)))
      .then([expect.objectContaining({ type: 'CreditsHeld' })]);
    given(events)
      .when(hold('h2', 9, capped(10)))
      .thenThrows('KEY_CREDIT_CAP_REACHED');
  });

  it('starts every UTC calendar month afresh', () => {
    const events = after(hold('h1', 10, capped(10), endOfJune), settle('h1', 10, endOfJune));
    given(events)
      .when(hold('h2', 1, capped(10), endOfJune))
      .thenThrows('KEY_CREDIT_CAP_REACHED');
    given(events)
      .when(hold('h2', 10, capped(10), july))
      .then([expect.objectContaining({ type: 'CreditsHeld' })]);
  });

  it("drops other months' counts with a month's first charge, so the snapshot holds this month's keys only", () => {
    const events = after(
      hold('h1', 4, capped(null), june),
      settle('h1', 4, june),
      hold('h2', 1, capped(null, 'k2'), july),
    );
    const [settled] = given(events)
      .when(settle('h2', 1, july))
      .events();
    expect(settled.data.keySpendAfter).toEqual({ k2: { month: '2025-07', charged: 1 } });
  });

  it("counts what a key charged before it was capped, and never another key's charges or a session's", () => {
    const events = after(
      hold('h1', 6, capped(null)),
      settle('h1', 6),
      hold('h2', 50, capped(null, 'k2')),
      hold('h3', 50),
    );
    given(events)
      .when(hold('h4', 5, capped(10)))
      .thenThrows('KEY_CREDIT_CAP_REACHED');
    given(events)
      .when(hold('h4', 4, capped(10)))
      .then([expect.objectContaining({ type: 'CreditsHeld' })]);
  });

  it('holds only up to the cap for work that can be cut, and refuses when no credit of the cap is left', () => {
    const events = after(hold('h1', 8, capped(10)), settle('h1', 8));
    const cut = given(events)
      .when({ ...hold('h2', 5, capped(10)), upTo: true } as CreditLedgerCommand)
      .events();
    expect(cut[0].data).toMatchObject({ amount: 2 });
    const full = after(hold('h1', 10, capped(10)), settle('h1', 10));
    given(full)
      .when({ ...hold('h2', 5, capped(10)), upTo: true } as CreditLedgerCommand)
      .thenThrows('KEY_CREDIT_CAP_REACHED');
  });

  describe("a list job's chunks through a capped key (held up to what the balance and the cap leave)", () => {
    const chunk = (holdId: string, amount: number, key?: ReturnType<typeof capped>, at = june): CreditLedgerCommand =>
      ({
        ...hold(holdId, amount, key, at),
        purpose: 'job_chunk',
        upTo: true,
      }) as CreditLedgerCommand;

    it('holds chunks in flight against the cap together, cutting the one that reaches it', () => {
      const events = after(chunk('c1', 30, capped(40)));
      const [cut] = given(events)
        .when(chunk('c2', 30, capped(40)))
        .events();
      expect(cut.data).toMatchObject({ amount: 10, holdsAfter: { c2: { amount: 10, keyId: 'k1' } } });
      given(after(chunk('c1', 30, capped(40)), chunk('c2', 30, capped(40))))
        .when(chunk('c3', 30, capped(40)))
        .thenThrows('KEY_CREDIT_CAP_REACHED');
    });

    it('holds nothing more for a retried chunk: its first hold stands, whatever the cap leaves now', () => {
      const events = after(chunk('c1', 30, capped(40)), chunk('c2', 30, capped(40)));
      given(events)
        .when(chunk('c2', 30, capped(40)))
        .then([]);
      given(events)
        .when(chunk('c2', 30, capped(100)))
        .then([]);
      given(after(chunk('c1', 30, capped(40)), settle('c1', 30)))
        .when(chunk('c1', 30, capped(40)))
        .thenThrows('HOLD_ALREADY_ENDED');
    });

    it("counts a settled chunk's charge in the key's month, and a free verdict's credit back as room", () => {
      const events = after(chunk('c1', 30, capped(40)), settle('c1', 25));
      expect(events.at(-1)!.data).toMatchObject({ keySpendAfter: { k1: { month: '2025-06', charged: 25 } } });
      const [next] = given(events)
        .when(chunk('c2', 30, capped(40)))
        .events();
      expect(next.data).toMatchObject({ amount: 15 });
    });

    it('cuts to the smaller of the balance and the cap, and says which ran out', () => {
      const poor = decidedHistory(creditLedgerDecider, {
        type: 'GrantCredits',
        accountId,
        transactionId: 't0',
        amount: 12,
        bonus: 0,
        source: { kind: 'grant', reason: 'test' },
        at: june,
      });
      const [byBalance] = given(poor)
        .when(chunk('c1', 30, capped(40)))
        .events();
      expect(byBalance.data).toMatchObject({ amount: 12 });
      const spent = [
        ...poor,
        ...given(poor)
          .when(chunk('c1', 30, capped(40)))
          .events(),
      ];
      given(spent)
        .when(chunk('c2', 30, capped(40)))
        .thenThrows('INSUFFICIENT_CREDITS');
      const [byCap] = given(funded)
        .when(chunk('c1', 30, capped(5)))
        .events();
      expect(byCap.data).toMatchObject({ amount: 5 });
    });

    it("holds an uncapped key's chunk in full and counts it, and never a session's job", () => {
      const events = after(chunk('c1', 30, capped(null)), settle('c1', 30), chunk('c2', 30), settle('c2', 30));
      expect(events.at(-1)!.data).toMatchObject({ keySpendAfter: { k1: { month: '2025-06', charged: 30 } } });
      // Capped at 40 now: the key's own 30 count, the session's job's 30 do not.
      const [cut] = given(events)
        .when(chunk('c3', 30, capped(40)))
        .events();
      expect(cut.data).toMatchObject({ amount: 10 });
    });
  });

  it('leaves ledgers no key has charged as they were: no count on their events', () => {
    const events = after(hold('h1', 5), settle('h1', 5));
    expect(events.every((event) => !('keySpendAfter' in event.data))).toBe(true);
  });
});

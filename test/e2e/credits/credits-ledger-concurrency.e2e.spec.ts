import { CreditLedger } from '@lib/ledger';
import { auditLedger, creditLedgerStream } from '@lib/ledger/testing';
import { EventStore } from '@lib/eventstore';
import { ADDRESSES, eventuallyBalance, startVerifyWorld, VerifyWorld } from '../verify/verify-world';

describe('credit ledger under many parallel callers', () => {
  let world: VerifyWorld;
  beforeAll(async () => {
    world = await startVerifyWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('200 concurrent hold-and-settle callers on 150 credits: exactly 150 charged, never below zero', async () => {
    const { accountId, apiKey } = await world.app.createAccount(150);
    const ledger = world.app.running.app.get(CreditLedger);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, async (_, i) => {
        await ledger.hold(accountId, { holdId: `p-${i}`, amount: 1, purpose: 'verification', reference: `p-${i}` });
        await ledger.settle(accountId, `p-${i}`, 1);
        await ledger.settle(accountId, `p-${i}`, 1); // a repeated settle must not charge twice
      }),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(150);
    expect(refused.every((o) => (o as PromiseRejectedResult).reason.errorName === 'INSUFFICIENT_CREDITS')).toBe(true);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 0, held: 0, available: 0 });
    const audit = auditLedger(await world.app.running.app.get(EventStore).readStream(creditLedgerStream(accountId)));
    expect(audit).toMatchObject({ ok: true, balance: 0 });
    expect(audit.lines.filter((l) => l.transactionType === 'Used')).toHaveLength(150);
    expect(await eventuallyBalance(world.app, apiKey, 0)).toMatchObject({ balance: 0, held: 0 });
  });

  it('40 parallel verify calls on 25 credits: 25 answered and charged, 15 refused with 402', async () => {
    const { apiKey } = await world.app.createAccount(25);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        world.app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: ADDRESSES.catchAll } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(25);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => r.body.data.creditsRemaining)
      .sort((a, b) => a - b);
    expect(remaining[0]).toBe(0);
    expect(await eventuallyBalance(world.app, apiKey, 0)).toMatchObject({ balance: 0, held: 0 });
  });
});

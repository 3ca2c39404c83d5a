import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DomainError } from '@lib/common';
import { FakeClock } from '@lib/common/testing';
import { SqliteEventStore } from '@lib/eventstore';
import { CreditLedger } from '../shared/credit-ledger.service';
import { creditLedgerStream } from '../domain/credit-ledger.decider';
import { auditLedger } from '../domain/ledger-audit';
import { PaidCalls, type PaidCallHold } from './paid-calls';

describe('the paid-call path (hold -> work -> record -> settle)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paid-calls-'));
  const store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const ledger = new CreditLedger(store, FakeClock.at(Date.UTC(2025, 0, 1)));
  const paidCalls = new PaidCalls(ledger);
  let accountNo = 0;

  const funded = async (credits: number): Promise<string> => {
    const accountId = `acc-${++accountNo}`;
    await ledger.grant(accountId, credits, 0, { kind: 'grant', reason: 'test' });
    return accountId;
  };
  /** A call holding `amount` under `holdId`. */
  const hold = (accountId: string, holdId: string, amount: number): PaidCallHold => ({
    accountId,
    holdId,
    purpose: 'finder_batch',
    reference: holdId,
    amount,
    by: { keyId: 'k1' }, // a session-like caller: not counted against a key
  });
  /** The four steps as a use case writes them: the work finds a number of addresses, each costing 10, recorded into `records`. */
  const paidCall = async (call: PaidCallHold, find: () => Promise<number>, records: string[]) => {
    const held = await paidCalls.hold(call);
    const work = await held.releaseOnFailure(find(), 'finder_batch_failed');
    const charged = 10 * work;
    // The record is written while the hold is still open: the ledger has not charged yet.
    expect((await ledger.current(call.accountId)).held).toBeGreaterThanOrEqual(call.amount);
    records.push(call.holdId);
    const answer = { charged, remaining: held.remainingAfter(charged) };
    await held.settle(charged);
    return answer;
  };

  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records, then settles the charge, and answers with what the account can still spend', async () => {
    const accountId = await funded(100);
    const records: string[] = [];
    await expect(paidCall(hold(accountId, 'h1', 30), async () => 2, records)).resolves.toEqual({
      charged: 20,
      remaining: 80,
    });
    expect(records).toEqual(['h1']);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 80, held: 0, available: 80 });
  });

  it('counts other open holds in creditsRemaining: the available credits once this call is charged', async () => {
    const accountId = await funded(100);
    await ledger.hold(accountId, { holdId: 'other', amount: 25, purpose: 'verification', reference: 'other' });
    await expect(paidCall(hold(accountId, 'h2', 30), async () => 1, [])).resolves.toEqual({
      charged: 10,
      remaining: 65,
    });
  });

  it('holds before any work: short of credits, 402 and nothing is held', async () => {
    const accountId = await funded(20);
    await expect(paidCalls.hold(hold(accountId, 'h3', 30))).rejects.toMatchObject({
      errorName: 'INSUFFICIENT_CREDITS',
    });
    expect(await ledger.current(accountId)).toMatchObject({ balance: 20, held: 0 });
  });

  it('releases the hold when the work fails: nothing recorded, nothing charged', async () => {
    const accountId = await funded(100);
    const records: string[] = [];
    const failing = async (): Promise<number> => Promise.reject(new DomainError('INTERNAL'));
    await expect(paidCall(hold(accountId, 'h4', 30), failing, records)).rejects.toMatchObject({
      errorName: 'INTERNAL',
    });
    expect(records).toEqual([]);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 100, held: 0 });
  });

  it('resumes a superseded attempt: a recorded one is charged its record once, an unrecorded one released', async () => {
    const accountId = await funded(100);
    await ledger.hold(accountId, { holdId: 'dead-recorded', amount: 30, purpose: 'finder_batch', reference: 'r' });
    await ledger.hold(accountId, { holdId: 'dead-empty', amount: 30, purpose: 'finder_batch', reference: 'r' });
    const recorded = { creditsCharged: 20 };
    for (let repeat = 0; repeat < 2; repeat++) {
      await expect(
        paidCalls.resume(
          accountId,
          'dead-recorded',
          async () => recorded,
          (r) => r.creditsCharged,
        ),
      ).resolves.toMatchObject({ recorded });
      await expect(
        paidCalls.resume(
          accountId,
          'dead-empty',
          async () => null,
          () => 99,
        ),
      ).resolves.toMatchObject({ recorded: null });
    }
    expect(await ledger.current(accountId)).toMatchObject({ balance: 80, held: 0, available: 80 });
    expect(auditLedger(await store.readStream(creditLedgerStream(accountId)))).toMatchObject({ ok: true, balance: 80 });
  });

  it('finding 1: a call that holds only after a retry took its claim over is refused, so the key is charged once', async () => {
    const accountId = await funded(100);
    // The slow call's claim stands at this position; the retry's takeover and its resume come after it.
    const claimedAtPosition = (await ledger.current(accountId)).position;
    await paidCalls.resume(
      accountId,
      'slow-call',
      async () => null,
      () => 0,
    );
    await ledger.grant(accountId, 5, 0, { kind: 'grant', reason: 'something else meanwhile' });
    const records: string[] = [];
    await expect(
      paidCall({ ...hold(accountId, 'slow-call', 30), basis: claimedAtPosition }, async () => 2, records),
    ).rejects.toMatchObject({ errorName: 'HOLD_ALREADY_ENDED' });
    expect(records).toEqual([]);
    expect(await ledger.current(accountId)).toMatchObject({ balance: 105, held: 0 });
    expect(auditLedger(await store.readStream(creditLedgerStream(accountId)))).toMatchObject({
      ok: true,
      balance: 105,
    });
  });

  it('finding 1: a hold id ended before the basis is not looked for (the caller saw that end itself)', async () => {
    const accountId = await funded(100);
    await ledger.hold(accountId, { holdId: 'old', amount: 10, purpose: 'verification', reference: 'r' });
    await ledger.settle(accountId, 'old', 10);
    await ledger.grant(accountId, 5, 0, { kind: 'grant', reason: 'later' });
    const basis = (await ledger.current(accountId)).position;
    await expect(
      ledger.hold(accountId, { holdId: 'old', amount: 10, purpose: 'verification', reference: 'r', basis }),
    ).resolves.toMatchObject({ held: 10 });
  });
});

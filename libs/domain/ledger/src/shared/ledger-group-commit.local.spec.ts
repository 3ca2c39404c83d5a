import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FakeClock } from '@lib/common/testing';
import { SqliteEventStore } from '@lib/eventstore';
import { CreditLedger } from './credit-ledger.service';
import { auditLedger } from '../domain/ledger-audit';
import { creditLedgerStream } from '../domain/credit-ledger.decider';

describe('credit ledger group commit', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-int-'));
  // Two store connections and two ledgers on one file behave like two processes sharing the ledger.
  const storeA = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const storeB = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const clock = FakeClock.at(Date.UTC(2025, 0, 1));
  const a = new CreditLedger(storeA, clock);
  const b = new CreditLedger(storeB, clock);

  afterAll(async () => {
    await storeA.close();
    await storeB.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('when two processes charge one account at once', () => {
    it('never overspends and loses no charge', async () => {
      await a.grant('7', 100, 0, { kind: 'grant', reason: 'test' });
      const charge = (ledger: CreditLedger, i: number) =>
        ledger
          .hold('7', { holdId: `h${i}`, amount: 1, purpose: 'verification', reference: `r${i}` })
          .then(() => ledger.settle('7', `h${i}`, 1));
      const outcomes = await Promise.allSettled(Array.from({ length: 160 }, (_, i) => charge(i % 2 ? a : b, i)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(100);
      expect(
        outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.errorName),
      ).toEqual(Array(60).fill('INSUFFICIENT_CREDITS'));
      expect(await b.current('7')).toMatchObject({ balance: 0, held: 0 });
      expect(auditLedger(await storeA.readStream(creditLedgerStream('7')))).toMatchObject({ ok: true, balance: 0 });
    });
  });

  describe('when one command in a batch is refused', () => {
    it('rejects only that caller', async () => {
      await a.grant('8', 2, 0, { kind: 'grant', reason: 'test' });
      const results = await Promise.allSettled([
        a.hold('8', { holdId: 'x1', amount: 1, purpose: 'verification', reference: 'r' }),
        a.hold('8', { holdId: 'x2', amount: 5, purpose: 'verification', reference: 'r' }),
        a.hold('8', { holdId: 'x3', amount: 1, purpose: 'verification', reference: 'r' }),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await a.current('8')).toMatchObject({ balance: 2, held: 2, available: 0 });
    });
  });

  describe('when another writer appends after this process decided on its own last append', () => {
    it('detects the moved stream and decides again on what it wrote', async () => {
      await a.grant('9', 10, 0, { kind: 'grant', reason: 'test' });
      await a.hold('9', { holdId: 'k1', amount: 4, purpose: 'verification', reference: 'r' });
      await b.settle('9', 'k1', 4); // a does not see this one: its next batch starts from its own append
      await a.hold('9', { holdId: 'k2', amount: 1, purpose: 'verification', reference: 'r' });
      // Decided on a's own head, k1 would stand again and the 4 credits charged be back.
      expect(await b.current('9')).toMatchObject({ balance: 6, held: 1, available: 5 });
      expect(auditLedger(await storeB.readStream(creditLedgerStream('9')))).toMatchObject({ ok: true, balance: 6 });
    });

    it('reads before refusing what the other writer made possible', async () => {
      await a.hold('9', { holdId: 'k3', amount: 5, purpose: 'verification', reference: 'r' });
      await b.grant('9', 3, 0, { kind: 'grant', reason: 'test' });
      // Decided on a's own head, nothing is available and nothing appended that the store could refuse.
      await expect(
        a.hold('9', { holdId: 'k4', amount: 2, purpose: 'verification', reference: 'r' }),
      ).resolves.toMatchObject({ balance: 9, held: 8 });
    });
  });

  describe('when a hold with a basis is decided on what this process appended', () => {
    const hold = (holdId: string, basis?: number) =>
      a.hold('10', { holdId, amount: 1, purpose: 'verification', reference: 'r', basis });
    // Submitted in one turn: the first is appended alone, the rest wait and go in one batch after it.
    const batched = (...commands: (() => Promise<unknown>)[]) =>
      Promise.allSettled(commands.map((command) => command()));

    it('refuses one ended since the basis, as a read of every event since it would', async () => {
      await a.grant('10', 10, 0, { kind: 'grant', reason: 'test' });
      const basis = (await hold('e1')).position;
      await a.settle('10', 'e1', 1);
      await a.grant('10', 1, 0, { kind: 'grant', reason: 'test' }); // the newest event ends no hold
      const results = await batched(
        () => hold('e2'),
        () => hold('e3'),
        () => hold('e1', basis),
      );
      expect(results.map((r) => (r.status === 'rejected' ? r.reason.errorName : r.status))).toEqual([
        'fulfilled',
        'fulfilled',
        'HOLD_ALREADY_ENDED',
      ]);
    });

    it('takes one ended before the basis, as a read of every event since it would', async () => {
      await a.settle('10', 'e2', 1);
      const basis = (await a.grant('10', 1, 0, { kind: 'grant', reason: 'test' })).position;
      const results = await batched(
        () => hold('e4'),
        () => hold('e5'),
        () => hold('e2', basis),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await b.current('10')).toMatchObject({ held: 4 });
    });

    it('tells apart the events of one append on either side of the basis', async () => {
      const other = (holdId: string) => a.hold('10', { holdId, amount: 1, purpose: 'verification', reference: 'r' });
      const [, , held] = await batched(
        () => a.grant('10', 1, 0, { kind: 'grant', reason: 'test' }),
        () => a.settle('10', 'e3', 1),
        () => other('e6'),
      );
      // The settlement and the hold went in one append: the embedded store numbers its events one by one.
      const last = (held as PromiseFulfilledResult<{ position: number }>).value.position;
      await expect(hold('e3', last - 2)).rejects.toMatchObject({ errorName: 'HOLD_ALREADY_ENDED' });
      const grant = () => a.grant('10', 1, 0, { kind: 'grant', reason: 'test' });
      // With a grant in its batch, a hold refused on what is known here would be answered without a read.
      const results = await batched(grant, grant, () => hold('e3', last - 1));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await b.current('10')).toMatchObject({ held: 5 });
    });
  });
});

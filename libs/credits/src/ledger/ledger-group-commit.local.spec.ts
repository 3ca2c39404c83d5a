import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FixedClock } from '@lib/common';
import { SqliteEventStore } from '@lib/eventstore';
import { CreditLedger } from './credit-ledger.service';
import { auditLedger } from '../domain/ledger-audit';
import { creditLedgerStream } from '../domain/credit-ledger.decider';

describe('credit ledger group commit', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-int-'));
  // Two store connections and two ledgers on one file behave like two processes sharing the ledger.
  const storeA = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const storeB = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const clock = new FixedClock(Date.UTC(2025, 0, 1));
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
});

import type { RecordedEvent } from '@lib/eventstore';
import type { CreditLedgerEvent } from '../domain/credit-ledger.events';
import { auditLedger } from '../domain/ledger-audit';
import type { CreditBalanceDoc } from '../get-balance/credit-balances.projection';
import { compareWithReadModel } from './ledger-comparison';

const AT = '2026-01-01T00:00:00.000Z';
const recorded = (events: CreditLedgerEvent[]): RecordedEvent[] =>
  events.map((event, i) => ({
    id: `e${i}`,
    type: event.type,
    streamId: 'credits-1',
    revision: i,
    position: 10 + i,
    data: event.data,
    metadata: {},
    recordedAt: AT,
  }));

const hold = { amount: 5, purpose: 'verification', reference: 'v-1', heldAt: AT };
// 100 granted, then 5 held for a verification still in flight.
const LEDGER = recorded([
  {
    type: 'CreditsAdded',
    data: {
      accountId: '1',
      transactionId: 't-1',
      amount: 100,
      bonus: 0,
      source: { kind: 'grant', reason: 'trial' },
      at: AT,
      balanceAfter: 100,
      holdsAfter: {},
    },
  },
  {
    type: 'CreditsHeld',
    data: {
      accountId: '1',
      holdId: 'v-1',
      amount: 5,
      purpose: 'verification',
      reference: 'v-1',
      at: AT,
      balanceAfter: 100,
      holdsAfter: { 'v-1': hold },
    },
  },
]);
const doc = (fields: Partial<CreditBalanceDoc>): CreditBalanceDoc => ({
  _id: '1',
  balance: 100,
  held: 5,
  available: 95,
  asOf: AT,
  _position: 11,
  ...fields,
});
const TRANSACTIONS = { transactionCount: 1, transactionSum: 100 };

describe('ledger audit against the read models', () => {
  it('replays balance and held from the events (held from the last recorded holds)', () => {
    expect(auditLedger(LEDGER)).toMatchObject({ balance: 100, held: 5, ok: true });
    expect(auditLedger([])).toMatchObject({ balance: 0, held: 0, ok: true, lines: [] });
  });

  it('is current when the balance document and the transactions agree', () => {
    expect(compareWithReadModel(11, auditLedger(LEDGER), { balance: doc({}), ...TRANSACTIONS })).toEqual({
      ledgerProblems: [],
      readModel: 'current',
      readModelProblems: [],
    });
  });

  it('names a held figure the read model got wrong', () => {
    const comparison = compareWithReadModel(11, auditLedger(LEDGER), {
      balance: doc({ held: 0, available: 100 }),
      ...TRANSACTIONS,
    });
    expect(comparison.readModel).toBe('disagrees');
    expect(comparison.readModelProblems).toEqual([
      'read model held 0 != replayed 5',
      'read model available 100 != replayed 95',
    ]);
  });

  it('is behind, not wrong, when the document has not applied the last event', () => {
    const comparison = compareWithReadModel(11, auditLedger(LEDGER), {
      balance: doc({ held: 0, _position: 10 }),
      ...TRANSACTIONS,
    });
    expect(comparison).toEqual({
      ledgerProblems: [],
      readModel: 'behind',
      readModelProblems: ['read model is behind: applied position 10, ledger at 11'],
    });
  });

  it('reports an event whose recorded balance the amounts do not give as a ledger problem', () => {
    const broken = [{ ...LEDGER[0], data: { ...LEDGER[0].data, balanceAfter: 90 } }];
    const comparison = compareWithReadModel(10, auditLedger(broken), {
      balance: doc({ balance: 90, held: 0, available: 90, _position: 10 }),
      transactionCount: 1,
      transactionSum: 100,
    });
    expect(comparison.ledgerProblems).toEqual(['revision 0 (CreditsAdded): recorded balance 90, replayed 100']);
  });
});

import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStore } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { creditLedgerStream } from '../domain/credit-ledger.decider';
import { auditLedger } from '../domain/ledger-audit';
import { CREDIT_BALANCES_COLLECTION, CreditBalanceDoc } from '../get-balance/credit-balances.projection';
import {
  CREDIT_TRANSACTIONS_COLLECTION,
  CreditTransactionDoc,
} from '../list-transactions/credit-transactions.projection';
import { AuditLedgerQuery, LedgerAudit } from './audit-ledger.query';
import { compareWithReadModel, ReadModelFigures } from './ledger-comparison';

@QueryHandler(AuditLedgerQuery)
export class AuditLedgerHandler implements IQueryHandler<AuditLedgerQuery, LedgerAudit> {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly freshness: ReadModelFreshness,
  ) {}

  async execute(query: AuditLedgerQuery): Promise<LedgerAudit> {
    const { accountId } = query;
    const recorded = await this.events.readStream(creditLedgerStream(accountId));
    const last = recorded[recorded.length - 1];
    // A projector in another process may still be applying the newest events: give it a moment.
    if (last)
      await this.freshness.waitForDocument(CREDIT_BALANCES_COLLECTION, accountId, last.position, query.readModelWaitMs);
    const audit = auditLedger(recorded);
    const figures = await this.readModelFigures(accountId);
    const comparison = compareWithReadModel(last ? last.position : null, audit, figures);
    const doc = figures.balance;
    return {
      accountId,
      events: recorded.length,
      lines: audit.lines,
      balance: audit.balance,
      readModel: doc
        ? {
            balance: doc.balance,
            held: doc.held,
            available: doc.available,
            position: doc._position ?? null,
            transactions: figures.transactionCount,
          }
        : null,
      ledgerProblems: comparison.ledgerProblems,
      readModelStatus: comparison.readModel,
      readModelProblems: comparison.readModelProblems,
    };
  }

  private async readModelFigures(accountId: string): Promise<ReadModelFigures> {
    const balance = await this.readStore.collection<CreditBalanceDoc>(CREDIT_BALANCES_COLLECTION).get(accountId);
    let transactionCount = 0;
    let transactionSum = 0;
    for await (const tx of this.readStore
      .collection<CreditTransactionDoc>(CREDIT_TRANSACTIONS_COLLECTION)
      .stream({ filter: { accountId } })) {
      transactionCount++;
      transactionSum += tx.amount;
    }
    return { balance, transactionCount, transactionSum };
  }
}

import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Page, toPage } from '@lib/common';
import { ReadStore, readPage } from '@lib/readstore';
import { CREDIT_TRANSACTIONS_COLLECTION, CreditTransactionDoc } from './credit-transactions.projection';
import { ListTransactionsQuery, TransactionView } from './list-transactions.query';

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery, Page<TransactionView>> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: ListTransactionsQuery): Promise<Page<TransactionView>> {
    const collection = this.readStore.collection<CreditTransactionDoc>(CREDIT_TRANSACTIONS_COLLECTION);
    const filter = query.type ? { accountId: query.accountId, type: query.type } : { accountId: query.accountId };
    const { docs, total } = await readPage(collection, { filter, sort: { createdAt: -1, _position: -1 } }, query.page);
    const items = docs.map((d): TransactionView => ({
      id: d._id,
      type: d.type,
      amount: d.amount,
      balanceAfter: d.balanceAfter,
      description: d.description,
      purpose: d.purpose,
      reference: d.reference,
      createdAt: d.createdAt,
    }));
    return toPage(items, query.page, total);
  }
}

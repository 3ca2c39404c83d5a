import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore, readPage } from '@lib/readstore';
import { CREDIT_ORDERS_COLLECTION, CreditOrderDoc } from './credit-orders.projection';
import { ListOrdersQuery, OrderPage, OrderView } from './list-orders.query';

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, OrderPage> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: ListOrdersQuery): Promise<OrderPage> {
    const collection = this.readStore.collection<CreditOrderDoc>(CREDIT_ORDERS_COLLECTION);
    const window = { page: query.page, pageSize: query.limit };
    const sort = { createdAt: -1, _id: -1 } as const;
    const { docs, total } = await readPage(collection, { filter: { accountId: query.accountId }, sort }, window);
    const items = docs.map(({ _id, accountId, _position, ...order }): OrderView => order);
    return { items, page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
  }
}

import { Query } from '@nestjs/cqrs';
import type { OrderView } from './credit-orders.projection';

/** The spec's order page wrapper: `limit` where other pages say `pageSize`. */
export interface OrderPage {
  items: OrderView[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export class ListOrdersQuery extends Query<OrderPage> {
  constructor(
    readonly accountId: string,
    readonly page: number,
    readonly limit: number,
  ) {
    super();
  }
}

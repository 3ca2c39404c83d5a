import { Query } from '@nestjs/cqrs';
import type { OrderQuote } from '@lib/catalogue';

/** An element of `items` in GET /v1/credits/orders: the spec's Order fields, the priced quote among them. */
export interface OrderView extends OrderQuote {
  id: number;
  userId: number;
  processorPaymentIntentId: string;
  processorChargeId: string;
  /** See OrderStatus: 1 Pending, 2 Completed, 3 Failed, 4 Refunded. */
  status: number;
  /** null unless the order failed. */
  failureReason: string | null;
  invoiceNumber: string;
  isAutoTopup: boolean;
  createdAt: string;
  completedAt: string | null;
}

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

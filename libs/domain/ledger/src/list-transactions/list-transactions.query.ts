import { Query } from '@nestjs/cqrs';
import { Page, PageRequest } from '@lib/common';

export const TRANSACTION_TYPES = ['Added', 'Used', 'Adjusted'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** One row of GET /v1/credits/transactions; `amount` is signed (Used is negative). */
export interface TransactionView {
  id: string;
  type: TransactionType;
  amount: number;
  balanceAfter: number;
  description: string;
  purpose: string | null;
  reference: string | null;
  createdAt: string;
}

export class ListTransactionsQuery extends Query<Page<TransactionView>> {
  constructor(
    readonly accountId: string,
    readonly page: PageRequest,
    readonly type: TransactionType | null,
  ) {
    super();
  }
}

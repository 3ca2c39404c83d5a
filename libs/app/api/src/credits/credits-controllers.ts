import { GetBalanceController } from './get-balance/get-balance.controller';
import { ListOrdersController } from './list-orders/list-orders.controller';
import { ListPackagesController } from './list-packages/list-packages.controller';
import { ListTransactionsController } from './list-transactions/list-transactions.controller';
import { ResetTestBalanceController } from './reset-test-balance/reset-test-balance.controller';

/** /v1/credits: one controller per use case, in the order /docs lists them (ApiModule registers them). */
export const CREDITS_CONTROLLERS = [
  GetBalanceController,
  ListTransactionsController,
  ListPackagesController,
  ListOrdersController,
  ResetTestBalanceController,
];

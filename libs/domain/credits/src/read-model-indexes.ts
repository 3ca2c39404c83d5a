import { ReadStore } from '@lib/readstore';
import { CREDIT_OPEN_HOLDS_COLLECTION } from './holds/credit-open-holds.projection';
import { CREDIT_ORDERS_COLLECTION } from './list-orders/credit-orders.projection';
import { CREDIT_TRANSACTIONS_COLLECTION } from './list-transactions/credit-transactions.projection';

/** The indexes behind the credits queries: one per filter + sort they use. */
export async function ensureCreditIndexes(readStore: ReadStore): Promise<void> {
  const transactions = readStore.collection(CREDIT_TRANSACTIONS_COLLECTION);
  await transactions.ensureIndex({ accountId: 1, createdAt: -1, _position: -1 });
  await transactions.ensureIndex({ accountId: 1, type: 1, createdAt: -1, _position: -1 });
  await readStore.collection(CREDIT_ORDERS_COLLECTION).ensureIndex({ accountId: 1, createdAt: -1 });
  await readStore.collection(CREDIT_ORDERS_COLLECTION).ensureIndex({ status: 1, invoiceNumber: 1, createdAt: 1 });
  await readStore.collection(CREDIT_OPEN_HOLDS_COLLECTION).ensureIndex({ heldAt: 1 });
}

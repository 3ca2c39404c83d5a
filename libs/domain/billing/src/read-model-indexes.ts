import { ReadStore } from '@lib/readstore';
import { CREDIT_ORDERS_COLLECTION } from './list-orders/credit-orders.projection';

/** The indexes behind the order list and the recovery sweep: one per filter + sort they use. */
export async function ensureOrderIndexes(readStore: ReadStore): Promise<void> {
  await readStore.collection(CREDIT_ORDERS_COLLECTION).ensureIndex({ accountId: 1, createdAt: -1 });
  await readStore.collection(CREDIT_ORDERS_COLLECTION).ensureIndex({ status: 1, invoiceNumber: 1, createdAt: 1 });
}

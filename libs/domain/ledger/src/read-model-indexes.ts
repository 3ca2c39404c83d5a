import { ReadStore } from '@lib/readstore';
import { CREDIT_OPEN_HOLDS_COLLECTION } from './sweep-expired-holds/credit-open-holds.projection';
import { CREDIT_TRANSACTIONS_COLLECTION } from './list-transactions/credit-transactions.projection';

/** The indexes behind the ledger's queries and its hold sweeper: one per filter + sort they use. */
export async function ensureLedgerIndexes(readStore: ReadStore): Promise<void> {
  const transactions = readStore.collection(CREDIT_TRANSACTIONS_COLLECTION);
  await transactions.ensureIndex({ accountId: 1, createdAt: -1, _position: -1 });
  await transactions.ensureIndex({ accountId: 1, type: 1, createdAt: -1, _position: -1 });
  await readStore.collection(CREDIT_OPEN_HOLDS_COLLECTION).ensureIndex({ heldAt: 1 });
}

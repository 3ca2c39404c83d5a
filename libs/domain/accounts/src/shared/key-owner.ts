import { DomainError } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { API_KEYS_COLLECTION, ApiKeyDoc } from '../authenticate/api-keys.projection';

/** Finds the account a key id belongs to (key ids are public and never move between accounts). */
export async function keyOwner(readStore: ReadStore, keyId: string): Promise<string> {
  const doc = await readStore.collection<ApiKeyDoc>(API_KEYS_COLLECTION).get(keyId);
  if (!doc) throw new DomainError('API_KEY_NOT_FOUND');
  return doc.accountId;
}

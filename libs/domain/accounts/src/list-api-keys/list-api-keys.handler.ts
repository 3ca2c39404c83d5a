import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadModelFreshness } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import type { KeyScope } from '../domain/key-restrictions';
import { API_KEYS_COLLECTION, ApiKeyDoc } from '../authenticate/api-keys.projection';
import { ApiKeyReadyQuery, ApiKeyView, GetApiKeyQuery, ListApiKeysQuery } from './list-api-keys.query';

const viewOf = (doc: ApiKeyDoc): ApiKeyView => ({
  keyId: doc._id,
  accountId: doc.accountId,
  label: doc.label,
  userId: doc.userId,
  kind: doc.kind ?? 'live',
  scopes: (doc.scopes as KeyScope[] | undefined) ?? null,
  allowedAddresses: doc.allowedAddresses ?? null,
  monthlyCreditCap: doc.monthlyCreditCap ?? null,
  allowedOrigins: doc.allowedOrigins ?? null,
  issuedAt: doc.issuedAt,
  revokedAt: doc.revokedAt,
  rotatedAt: doc.rotatedAt,
});

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery, ApiKeyView[]> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: ListApiKeysQuery): Promise<ApiKeyView[]> {
    const filter =
      query.userId === undefined
        ? { accountId: query.accountId }
        : { accountId: query.accountId, userId: query.userId };
    const docs = await this.readStore
      .collection<ApiKeyDoc>(API_KEYS_COLLECTION)
      .find({ filter, sort: { issuedAt: -1 } });
    return docs.map(viewOf);
  }
}

@QueryHandler(GetApiKeyQuery)
export class GetApiKeyHandler implements IQueryHandler<GetApiKeyQuery, ApiKeyView | null> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: GetApiKeyQuery): Promise<ApiKeyView | null> {
    const doc = await this.readStore.collection<ApiKeyDoc>(API_KEYS_COLLECTION).get(query.keyId);
    return doc ? viewOf(doc) : null;
  }
}

@QueryHandler(ApiKeyReadyQuery)
export class ApiKeyReadyHandler implements IQueryHandler<ApiKeyReadyQuery, boolean> {
  constructor(private readonly freshness: ReadModelFreshness) {}

  execute(query: ApiKeyReadyQuery): Promise<boolean> {
    return this.freshness.waitForDocument(API_KEYS_COLLECTION, query.keyId, query.position);
  }
}

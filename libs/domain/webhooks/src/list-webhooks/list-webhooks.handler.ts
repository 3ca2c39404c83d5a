import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@lib/readstore';
import { WebhookDoc, WEBHOOKS_COLLECTION } from './webhooks.projection';
import { webhookView, WebhookView } from '../shared/webhook.view';
import { ListWebhooksQuery } from './list-webhooks.query';

/** All of the caller's webhooks, oldest first (an account has few; the spec's list is not paged). */
@QueryHandler(ListWebhooksQuery)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooksQuery, WebhookView[]> {
  constructor(private readonly readStore: ReadStore) {}

  async execute({ accountId }: ListWebhooksQuery): Promise<WebhookView[]> {
    const docs = await this.readStore
      .collection<WebhookDoc>(WEBHOOKS_COLLECTION)
      .find({ filter: { accountId, deleted: false }, sort: { createdAt: 1 } });
    return docs.map(webhookView);
  }
}

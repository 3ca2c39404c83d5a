import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError, Page, toPage } from '@lib/common';
import { ReadStore, readPage } from '@lib/readstore';
import { DeliveryDoc, DELIVERIES_COLLECTION } from './webhook-deliveries.projection';
import { WebhookDoc, WEBHOOKS_COLLECTION } from '../list-webhooks/webhooks.projection';
import { deliveryView, DeliveryView } from './delivery.view';
import { ListDeliveriesQuery } from './list-deliveries.query';

/** A webhook's delivery history, newest first. */
@QueryHandler(ListDeliveriesQuery)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveriesQuery, Page<DeliveryView>> {
  constructor(private readonly readStore: ReadStore) {}

  async execute({ accountId, webhookId, page }: ListDeliveriesQuery): Promise<Page<DeliveryView>> {
    const webhook = await this.readStore.collection<WebhookDoc>(WEBHOOKS_COLLECTION).get(String(webhookId));
    if (!webhook || webhook.deleted || webhook.accountId !== accountId) throw new DomainError('WEBHOOK_NOT_FOUND');
    const deliveries = this.readStore.collection<DeliveryDoc>(DELIVERIES_COLLECTION);
    const { docs, total } = await readPage(deliveries, { filter: { webhookId }, sort: { createdAt: -1 } }, page);
    return toPage(docs.map(deliveryView), page, total);
  }
}

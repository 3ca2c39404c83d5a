import { Query } from '@nestjs/cqrs';
import type { WebhookView } from '../shared/webhook.view';

export class ListWebhooksQuery extends Query<WebhookView[]> {
  constructor(readonly accountId: string) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';
import type { WebhookView } from '../shared/webhook.view';

/** PATCH semantics: an absent or null field keeps its current value. */
export interface UpdateWebhookInput {
  url?: unknown;
  events?: unknown;
  isActive?: boolean | null;
}

export class UpdateWebhookCommand extends Command<WebhookView> {
  constructor(
    readonly accountId: string,
    readonly webhookId: number,
    readonly input: UpdateWebhookInput,
  ) {
    super();
  }
}

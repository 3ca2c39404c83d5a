import { Command } from '@nestjs/cqrs';
import type { WebhookView } from '../shared/webhook.view';

/** `isActive` given (true/false): set it. Absent or null: flip the current state. */
export class ToggleWebhookCommand extends Command<WebhookView> {
  constructor(
    readonly accountId: string,
    readonly webhookId: number,
    readonly isActive?: boolean,
  ) {
    super();
  }
}

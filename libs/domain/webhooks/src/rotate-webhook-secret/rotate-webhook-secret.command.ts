import { Command } from '@nestjs/cqrs';
import type { WebhookWithSecretView } from '../shared/webhook.view';

/** The new secret signs every delivery attempt made after this returns, including retries of older events. */
export class RotateWebhookSecretCommand extends Command<WebhookWithSecretView> {
  constructor(
    readonly accountId: string,
    readonly webhookId: number,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';
import type { WebhookWithSecretView } from '../shared/webhook.view';

/** Raw request values: the handler validates them so each problem gets its own error code. */
export interface RegisterWebhookInput {
  url: unknown;
  events: unknown;
  isActive?: boolean;
}

export class RegisterWebhookCommand extends Command<WebhookWithSecretView> {
  constructor(
    readonly accountId: string,
    readonly input: RegisterWebhookInput,
  ) {
    super();
  }
}

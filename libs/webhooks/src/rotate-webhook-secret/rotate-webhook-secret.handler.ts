import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, DomainError } from '@lib/common';
import { newWebhookSecret } from '../delivery/payload';
import { WebhookCommandRunner } from '../shared/webhook-command-runner';
import { webhookView, WebhookWithSecretView } from '../shared/webhook.view';
import { RotateWebhookSecretCommand } from './rotate-webhook-secret.command';

@CommandHandler(RotateWebhookSecretCommand)
export class RotateWebhookSecretHandler implements ICommandHandler<RotateWebhookSecretCommand, WebhookWithSecretView> {
  constructor(private readonly runner: WebhookCommandRunner, private readonly clock: Clock) {}

  async execute({ accountId, webhookId }: RotateWebhookSecretCommand): Promise<WebhookWithSecretView> {
    const secret = newWebhookSecret();
    const { state } = await this.runner.run(webhookId, { type: 'RotateWebhookSecret', accountId, secret, at: this.clock.nowIso() });
    if (state.status !== 'registered') throw new DomainError('WEBHOOK_NOT_FOUND');
    return { ...webhookView(state), secret };
  }
}

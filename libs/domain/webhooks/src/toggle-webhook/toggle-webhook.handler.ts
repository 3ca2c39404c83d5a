import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, DomainError } from '@lib/common';
import { WebhookCommandRunner } from '../shared/webhook-command-runner';
import { webhookView, WebhookView } from '../shared/webhook.view';
import { ToggleWebhookCommand } from './toggle-webhook.command';

@CommandHandler(ToggleWebhookCommand)
export class ToggleWebhookHandler implements ICommandHandler<ToggleWebhookCommand, WebhookView> {
  constructor(
    private readonly runner: WebhookCommandRunner,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, webhookId, isActive }: ToggleWebhookCommand): Promise<WebhookView> {
    const { state } = await this.runner.run(webhookId, {
      type: 'ToggleWebhook',
      accountId,
      isActive,
      at: this.clock.nowIso(),
    });
    if (state.status !== 'registered') throw new DomainError('WEBHOOK_NOT_FOUND');
    return webhookView(state);
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { WebhookCommandRunner } from '../shared/webhook-command-runner';
import { DeleteWebhookCommand } from './delete-webhook.command';

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand, { id: number; deleted: true }> {
  constructor(private readonly runner: WebhookCommandRunner, private readonly clock: Clock) {}

  async execute({ accountId, webhookId }: DeleteWebhookCommand): Promise<{ id: number; deleted: true }> {
    await this.runner.run(webhookId, { type: 'DeleteWebhook', accountId, at: this.clock.nowIso() });
    return { id: webhookId, deleted: true };
  }
}

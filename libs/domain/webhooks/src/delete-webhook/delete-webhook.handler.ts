import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { loadWebhook } from '../shared/load-webhook';
import { WebhookCommandRunner } from '../shared/webhook-command-runner';
import { WebhookSecrets } from '../shared/webhook-secrets';
import { DeleteWebhookCommand } from './delete-webhook.command';

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand, { id: number; deleted: true }> {
  constructor(
    private readonly events: EventStore,
    private readonly runner: WebhookCommandRunner,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, webhookId }: DeleteWebhookCommand): Promise<{ id: number; deleted: true }> {
    const before = await loadWebhook(this.events, webhookId);
    await this.runner.run(webhookId, { type: 'DeleteWebhook', accountId, at: this.clock.nowIso() });
    if (before.status === 'registered') await this.secrets.remove(before.secretId);
    return { id: webhookId, deleted: true };
  }
}

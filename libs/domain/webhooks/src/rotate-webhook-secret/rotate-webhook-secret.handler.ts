import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, DomainError } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { loadWebhook } from '../shared/load-webhook';
import { WebhookCommandRunner } from '../shared/webhook-command-runner';
import { WebhookSecrets } from '../shared/webhook-secrets';
import { webhookView, WebhookWithSecretView } from '../shared/webhook.view';
import { RotateWebhookSecretCommand } from './rotate-webhook-secret.command';

@CommandHandler(RotateWebhookSecretCommand)
export class RotateWebhookSecretHandler implements ICommandHandler<RotateWebhookSecretCommand, WebhookWithSecretView> {
  constructor(
    private readonly events: EventStore,
    private readonly runner: WebhookCommandRunner,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, webhookId }: RotateWebhookSecretCommand): Promise<WebhookWithSecretView> {
    const before = await loadWebhook(this.events, webhookId);
    const { secretId, secret } = await this.secrets.create(this.clock.nowIso());
    try {
      const { state } = await this.runner.run(webhookId, {
        type: 'RotateWebhookSecret',
        accountId,
        secretId,
        at: this.clock.nowIso(),
      });
      if (state.status !== 'registered') throw new DomainError('WEBHOOK_NOT_FOUND');
      // The old secret may be compromised (the usual reason to rotate): nothing may sign with it again.
      if (before.status === 'registered') await this.secrets.remove(before.secretId);
      return { ...webhookView(state), secret };
    } catch (error) {
      await this.secrets.remove(secretId);
      throw error;
    }
  }
}

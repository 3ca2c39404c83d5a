import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, newNumericId } from '@lib/common';
import { WebhookAddressGuard } from '../delivery/address-guard';
import { parseWebhookEvents } from '../domain/webhook-event-types';
import { WebhookCommandRunner } from '../shared/webhook-command-runner';
import { WebhookSecrets } from '../shared/webhook-secrets';
import { checkWebhookUrl } from '../shared/url-check';
import { webhookView, WebhookWithSecretView } from '../shared/webhook.view';
import { RegisterWebhookCommand } from './register-webhook.command';

@CommandHandler(RegisterWebhookCommand)
export class RegisterWebhookHandler implements ICommandHandler<RegisterWebhookCommand, WebhookWithSecretView> {
  constructor(
    private readonly runner: WebhookCommandRunner,
    private readonly guard: WebhookAddressGuard,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, input }: RegisterWebhookCommand): Promise<WebhookWithSecretView> {
    const events = parseWebhookEvents(input.events);
    const url = await checkWebhookUrl(this.guard, input.url);
    const { secretId, secret } = await this.secrets.create(this.clock.nowIso());
    for (;;) {
      const webhookId = newNumericId(this.clock.now());
      const { state, events: appended } = await this.runner.run(webhookId, {
        type: 'RegisterWebhook',
        webhookId,
        accountId,
        url,
        events,
        isActive: input.isActive ?? true,
        secretId,
        at: this.clock.nowIso(),
      });
      // Nothing appended means the fresh id already named a stream (a rare id collision): draw another.
      if (appended.length > 0 && state.status === 'registered') return { ...webhookView(state), secret };
    }
  }
}

import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, DomainError } from '@lib/common';
import { WebhookAddressGuard } from '../delivery/address-guard';
import { parseWebhookEvents } from '../domain/webhook-event-types';
import { WebhookCommandRunner } from '../shared/webhook-command-runner';
import { checkWebhookUrl } from '../shared/url-check';
import { webhookView, WebhookView } from '../shared/webhook.view';
import { UpdateWebhookCommand } from './update-webhook.command';

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

@CommandHandler(UpdateWebhookCommand)
export class UpdateWebhookHandler implements ICommandHandler<UpdateWebhookCommand, WebhookView> {
  constructor(
    private readonly runner: WebhookCommandRunner,
    private readonly guard: WebhookAddressGuard,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, webhookId, input }: UpdateWebhookCommand): Promise<WebhookView> {
    const events = given(input.events) ? parseWebhookEvents(input.events) : undefined;
    const url = given(input.url) ? await checkWebhookUrl(this.guard, input.url) : undefined;
    const { state } = await this.runner.run(webhookId, {
      type: 'UpdateWebhook',
      accountId,
      url,
      events,
      isActive: input.isActive ?? undefined,
      at: this.clock.nowIso(),
    });
    if (state.status !== 'registered') throw new DomainError('WEBHOOK_NOT_FOUND');
    return webhookView(state);
  }
}

import { Command } from '@nestjs/cqrs';

/** Deleting stops future deliveries; pending retries of the webhook end as failed at their next attempt. */
export class DeleteWebhookCommand extends Command<{ id: number; deleted: true }> {
  constructor(
    readonly accountId: string,
    readonly webhookId: number,
  ) {
    super();
  }
}

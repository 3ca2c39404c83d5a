import { Injectable } from '@nestjs/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import type { WebhookCommand } from '../domain/webhook.commands';
import { webhookDecider, webhookStream, WebhookState } from '../domain/webhook.decider';
import type { WebhookEvent } from '../domain/webhook.events';
import { WEBHOOKS_COLLECTION } from '../list-webhooks/webhooks.projection';

/** Load, decide, append on a webhook stream; then wait for the read model so the caller's next GET sees the change. */
@Injectable()
export class WebhookCommandRunner {
  constructor(
    private readonly events: EventStore,
    private readonly freshness: ReadModelFreshness,
  ) {}

  async run(webhookId: number, command: WebhookCommand): Promise<{ state: WebhookState; events: WebhookEvent[] }> {
    const result = await runCommand(this.events, webhookStream(webhookId), webhookDecider, command);
    if (result.events.length > 0)
      await this.freshness.waitForDocument(WEBHOOKS_COLLECTION, String(webhookId), result.position);
    return { state: result.state, events: result.events };
  }
}

import { aggregateStream, EventStore } from '@lib/eventstore';
import { webhookDecider, webhookStream, WebhookState } from '../domain/webhook.decider';

/** The webhook's current state folded from its stream: authoritative, unlike the read model. */
export async function loadWebhook(events: EventStore, webhookId: number): Promise<WebhookState> {
  return (await aggregateStream(events, webhookStream(webhookId), webhookDecider)).state;
}

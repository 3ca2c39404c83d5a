import { fold } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { webhookDecider, webhookStream, WebhookState } from '../domain/webhook.decider';
import type { WebhookEvent } from '../domain/webhook.events';

/** The webhook's current state folded from its stream: authoritative, unlike the read model. */
export async function loadWebhook(events: EventStore, webhookId: number): Promise<WebhookState> {
  const history = await events.readStream(webhookStream(webhookId));
  return fold(webhookDecider, history.map((e) => ({ type: e.type, data: e.data }) as WebhookEvent));
}

import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { deliveryDecider, deliveryStream, PendingDelivery } from '../domain/delivery.decider';
import type { WebhookState } from '../domain/webhook.decider';
import { loadWebhook } from '../shared/load-webhook';
import { WebhookSecrets } from '../shared/webhook-secrets';
import { HttpsWebhookSender, WebhookResponse } from './https-sender';
import { signedHeaders } from './signature';
import { WEBHOOKS_CONFIG, WebhookDeliveryConfig } from '../webhooks.config';

/** `position` is where the outcome was appended, for callers that wait for the history read model. */
export type AttemptOutcome = WebhookResponse & { attempt: number; position: number };

/** Why a webhook can no longer receive a pending delivery, or null when it can. */
function unreachableReason(webhook: WebhookState): string | null {
  if (webhook.status !== 'registered') return 'webhook deleted';
  return webhook.isActive ? null : 'webhook deactivated';
}

/**
 * One attempt of one delivery: claim it in the event store, sign with the webhook's current secret,
 * send, and record the outcome (which schedules the retry or ends the delivery). The claim is a lease,
 * so an attempt lost to a crash is retried once the lease expires.
 */
@Injectable()
export class DeliveryAttempts {
  /** Long enough for any attempt (each is bounded by timeoutMs) plus slack for the two appends around it. */
  readonly leaseMs: number;

  constructor(
    private readonly events: EventStore,
    private readonly sender: HttpsWebhookSender,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
    @Inject(WEBHOOKS_CONFIG) config: WebhookDeliveryConfig,
  ) {
    this.leaseMs = 2 * config.timeoutMs + 5_000;
  }

  /** Claims the next attempt; null when it is not due, already claimed elsewhere, or finished. */
  async claim(deliveryId: string): Promise<PendingDelivery | null> {
    const result = await runCommand(this.events, deliveryStream(deliveryId), deliveryDecider, {
      type: 'StartDeliveryAttempt',
      at: this.clock.nowIso(),
      leaseMs: this.leaseMs,
    });
    return result.events.length > 0 && result.state.status === 'pending' ? result.state : null;
  }

  /** Sends a claimed attempt and records what happened. */
  async deliver(delivery: PendingDelivery): Promise<AttemptOutcome> {
    const attempt = delivery.claim?.attempt ?? delivery.attempts + 1;
    const webhook = await loadWebhook(this.events, delivery.webhookId);
    const secret = webhook.status === 'registered' ? await this.secrets.get(webhook.secretId) : null;
    const reason = unreachableReason(webhook) ?? (secret === null ? 'signing secret missing' : null);
    if (reason !== null || webhook.status !== 'registered' || secret === null) {
      const position = await this.apply(delivery.deliveryId, {
        type: 'AbandonDelivery',
        reason: reason ?? 'webhook deleted',
        at: this.clock.nowIso(),
      });
      return { attempt, status: null, durationMs: 0, error: reason, position };
    }
    const headers = signedHeaders({
      secret,
      body: delivery.body,
      deliveryId: delivery.deliveryId,
      eventType: delivery.eventType,
      attempt,
      nowMs: this.clock.now(),
    });
    const response = await this.sender.send({ url: webhook.url, body: delivery.body, headers });
    const position = await this.apply(delivery.deliveryId, {
      type: 'RecordDeliveryAttempt',
      attempt,
      ...response,
      at: this.clock.nowIso(),
      jitter: Math.random(),
    });
    return { attempt, ...response, position };
  }

  private async apply(deliveryId: string, command: Parameters<typeof deliveryDecider.decide>[0]): Promise<number> {
    return (await runCommand(this.events, deliveryStream(deliveryId), deliveryDecider, command)).position;
  }
}

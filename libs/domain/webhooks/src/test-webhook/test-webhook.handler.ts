import { randomUUID } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { DeliveryAttempts } from '../delivery/delivery-attempts';
import { testEventBody } from '../delivery/payload';
import { deliveryDecider, deliveryStream, PendingDelivery } from '../domain/delivery.decider';
import { isSuccessStatus } from '../domain/retry-schedule';
import { DELIVERIES_COLLECTION } from '../list-deliveries/webhook-deliveries.projection';
import { webhookDecider, webhookStream } from '../domain/webhook.decider';
import { TestDeliveryResult, TestWebhookCommand } from './test-webhook.command';

@CommandHandler(TestWebhookCommand)
export class TestWebhookHandler implements ICommandHandler<TestWebhookCommand, TestDeliveryResult> {
  constructor(
    private readonly events: EventStore,
    private readonly attempts: DeliveryAttempts,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, webhookId }: TestWebhookCommand): Promise<TestDeliveryResult> {
    const deliveryId = randomUUID();
    const eventId = randomUUID();
    const at = this.clock.nowIso();
    // The webhook decides whether it may be tested (404 for others' webhooks, 400 when inactive).
    await runCommand(this.events, webhookStream(webhookId), webhookDecider, {
      type: 'RequestTestDelivery',
      accountId,
      deliveryId,
      at,
    });
    const scheduled = await runCommand(this.events, deliveryStream(deliveryId), deliveryDecider, {
      type: 'ScheduleDelivery',
      deliveryId,
      webhookId,
      accountId,
      eventId,
      eventType: 'webhook.test',
      body: testEventBody(eventId, webhookId, at, accountId),
      retryDelaysMs: [],
      at,
      claimLeaseMs: this.attempts.leaseMs,
    });
    const outcome = await this.attempts.deliver(scheduled.state as PendingDelivery);
    // The caller's next look at the delivery history should include this test.
    if (outcome.position >= 0)
      await this.freshness.waitForDocument(DELIVERIES_COLLECTION, deliveryId, outcome.position);
    return {
      deliveryId,
      eventId,
      success: isSuccessStatus(outcome.status),
      statusCode: outcome.status,
      durationMs: outcome.durationMs,
      error: outcome.error,
    };
  }
}

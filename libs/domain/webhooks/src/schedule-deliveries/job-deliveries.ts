import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { VERIFICATION_JOB_UPCASTERS, type VerificationJobEvent } from '@lib/verification-jobs';
import { RelayMessageV1, upcastRelayed } from '@lib/messaging';
import { ReadStore } from '@lib/readstore';
import type { JobFilesExpiring } from '@lib/jobs';
import { expiringEventBody, jobDeliveryId, jobEventBody, JOB_EVENT_NAMES } from '../delivery/payload';
import { deliveryDecider, deliveryStream } from '../domain/delivery.decider';
import { WebhookDoc, WEBHOOKS_COLLECTION } from '../list-webhooks/webhooks.projection';
import { WEBHOOKS_CONFIG, WebhookDeliveryConfig } from '../webhooks.config';

/**
 * Turns one finished-job event (or a notice that a job's files go soon) into one scheduled delivery per active webhook of the account that
 * subscribes to it. Only appends: sending is the dispatcher's job, so a slow receiver never holds up
 * the topic. Safe to repeat: delivery ids derive from (webhook, event).
 */
@Injectable()
export class JobDeliveries {
  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhookDeliveryConfig,
  ) {}

  /** Returns how many deliveries the event needs (already scheduled ones included). */
  async schedule(message: RelayMessageV1): Promise<number> {
    // Both job kinds end with jobs' JobCompleted / JobFailed: read them through the jobs decider's upcasters.
    const event = upcastRelayed<VerificationJobEvent | JobFilesExpiring>(message, VERIFICATION_JOB_UPCASTERS);
    if (event.type !== 'JobCompleted' && event.type !== 'JobFailed' && event.type !== 'JobFilesExpiring') return 0;
    const type = JOB_EVENT_NAMES[event.type];
    if (!type) return 0;
    const hooks = await this.readStore
      .collection<WebhookDoc>(WEBHOOKS_COLLECTION)
      .find({ filter: { accountId: event.data.accountId, isActive: true, deleted: false } });
    const subscribed = hooks.filter((hook) => hook.events.includes(type));
    const body = event.type === 'JobFilesExpiring' ? expiringEventBody(event) : jobEventBody(event, type);
    for (const hook of subscribed) {
      const deliveryId = jobDeliveryId(hook.webhookId, event.eventId);
      await runCommand(this.events, deliveryStream(deliveryId), deliveryDecider, {
        type: 'ScheduleDelivery',
        deliveryId,
        webhookId: hook.webhookId,
        accountId: hook.accountId,
        eventId: event.eventId,
        eventType: type,
        body,
        retryDelaysMs: this.config.retryDelaysMs,
        at: this.clock.nowIso(),
      });
    }
    return subscribed.length;
  }
}

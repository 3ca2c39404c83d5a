import { documentProjection } from '@lib/readstore';
import type { DeliveryEventType } from '../domain/delivery.commands';
import { DELIVERY_EVENT_TYPES, DeliveryEvent } from '../domain/delivery.events';
import { deliveryDecider } from '../domain/delivery.decider';

export interface DeliveryAttemptView {
  attempt: number;
  status: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: string;
}

/**
 * The delivery history (GET /v1/webhooks/{id}/deliveries) and the dispatcher's work queue: pending
 * deliveries sorted by `dueAt`. A claimed attempt moves `dueAt` to the end of its lease, so a crashed
 * sender's delivery comes due again by itself.
 */
export interface DeliveryDoc {
  _id: string;
  deliveryId: string;
  webhookId: number;
  accountId: string;
  eventId: string;
  eventType: DeliveryEventType;
  status: 'pending' | 'succeeded' | 'failed';
  /** When the next attempt may start (ISO, sortable); null once the delivery ended. */
  dueAt: string | null;
  attempts: DeliveryAttemptView[];
  failureReason: string | null;
  createdAt: string;
  completedAt: string | null;
  _position?: number;
}

export const DELIVERIES_COLLECTION = 'webhook_deliveries';

export const webhookDeliveriesProjection = documentProjection<DeliveryDoc, DeliveryEvent>({
  name: 'webhook-deliveries',
  collection: DELIVERIES_COLLECTION,
  eventTypes: DELIVERY_EVENT_TYPES,
  upcasters: deliveryDecider.upcasters,
  documentId: (event) => event.data.deliveryId,
  evolve: (doc, event) => {
    if (event.type === 'DeliveryScheduled') {
      const { deliveryId, webhookId, accountId, eventId, eventType, scheduledAt } = event.data;
      return {
        _id: deliveryId,
        deliveryId,
        webhookId,
        accountId,
        eventId,
        eventType,
        status: 'pending',
        dueAt: scheduledAt,
        attempts: [],
        failureReason: null,
        createdAt: scheduledAt,
        completedAt: null,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'DeliveryAttemptStarted':
        return { ...doc, dueAt: event.data.leaseUntil };
      case 'DeliveryAttempted': {
        const { attempt, status, durationMs, error, attemptedAt } = event.data;
        return { ...doc, attempts: [...doc.attempts, { attempt, status, durationMs, error, attemptedAt }] };
      }
      case 'DeliveryRetryScheduled':
        return { ...doc, dueAt: event.data.dueAt };
      case 'DeliverySucceeded':
        return { ...doc, status: 'succeeded', dueAt: null, completedAt: event.data.succeededAt };
      case 'DeliveryFailed':
        return {
          ...doc,
          status: 'failed',
          dueAt: null,
          failureReason: event.data.reason,
          completedAt: event.data.failedAt,
        };
      default:
        return doc;
    }
  },
});

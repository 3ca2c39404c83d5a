import { documentProjection } from '@lib/readstore';
import type { WebhookEventName } from '../domain/webhook-event-types';
import { WEBHOOK_EVENT_TYPES, WebhookEvent } from '../domain/webhook.events';
import { webhookDecider } from '../domain/webhook.decider';

/**
 * One document per webhook. Deleted webhooks stay as tombstones (`deleted: true`) so a caller can wait
 * for its delete to be visible; every query filters them out.
 */
export interface WebhookDoc {
  _id: string;
  webhookId: number;
  accountId: string;
  url: string;
  events: WebhookEventName[];
  isActive: boolean;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  _position?: number;
}

export const WEBHOOKS_COLLECTION = 'webhooks';

export const webhooksProjection = documentProjection<WebhookDoc, WebhookEvent>({
  name: 'webhooks',
  collection: WEBHOOKS_COLLECTION,
  eventTypes: WEBHOOK_EVENT_TYPES.filter((type) => type !== 'WebhookTestRequested'),
  upcasters: webhookDecider.upcasters,
  documentId: (event) => String(event.data.webhookId),
  evolve: (doc, event) => {
    if (event.type === 'WebhookRegistered') {
      const { webhookId, accountId, url, events, isActive, registeredAt } = event.data;
      return {
        _id: String(webhookId),
        webhookId,
        accountId,
        url,
        events,
        isActive,
        deleted: false,
        createdAt: registeredAt,
        updatedAt: registeredAt,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'WebhookUpdated':
        return { ...doc, url: event.data.url, events: event.data.events, updatedAt: event.data.updatedAt };
      case 'WebhookActivated':
        return { ...doc, isActive: true, updatedAt: event.data.activatedAt };
      case 'WebhookDeactivated':
        return { ...doc, isActive: false, updatedAt: event.data.deactivatedAt };
      case 'WebhookSecretRotated':
        return { ...doc, updatedAt: event.data.rotatedAt };
      case 'WebhookDeleted':
        return { ...doc, deleted: true, isActive: false, updatedAt: event.data.deletedAt };
      default:
        return doc;
    }
  },
});

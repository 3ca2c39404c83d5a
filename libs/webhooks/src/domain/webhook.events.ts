import type { WebhookEventName } from './webhook-event-types';

// Event type strings are stored forever: never rename one; add a new type and an upcaster instead.
// The signing secret is in the log because every delivery process must sign with it; the log is as
// sensitive as the read model that serves it to the sender.
type Ids = { webhookId: number; accountId: string };

export type WebhookRegistered = {
  type: 'WebhookRegistered';
  data: Ids & { url: string; events: WebhookEventName[]; isActive: boolean; secret: string; registeredAt: string };
};
/** Carries the complete new url and events, so readers never merge partial changes. */
export type WebhookUpdated = { type: 'WebhookUpdated'; data: Ids & { url: string; events: WebhookEventName[]; updatedAt: string } };
export type WebhookActivated = { type: 'WebhookActivated'; data: Ids & { activatedAt: string } };
export type WebhookDeactivated = { type: 'WebhookDeactivated'; data: Ids & { deactivatedAt: string } };
export type WebhookSecretRotated = { type: 'WebhookSecretRotated'; data: Ids & { secret: string; rotatedAt: string } };
export type WebhookDeleted = { type: 'WebhookDeleted'; data: Ids & { deletedAt: string } };
export type WebhookTestRequested = { type: 'WebhookTestRequested'; data: Ids & { deliveryId: string; requestedAt: string } };

export type WebhookEvent =
  | WebhookRegistered
  | WebhookUpdated
  | WebhookActivated
  | WebhookDeactivated
  | WebhookSecretRotated
  | WebhookDeleted
  | WebhookTestRequested;

export const WEBHOOK_EVENT_TYPES: WebhookEvent['type'][] = [
  'WebhookRegistered', 'WebhookUpdated', 'WebhookActivated', 'WebhookDeactivated', 'WebhookSecretRotated', 'WebhookDeleted', 'WebhookTestRequested',
];

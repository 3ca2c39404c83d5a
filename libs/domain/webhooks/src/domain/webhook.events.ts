import type { WebhookEventName } from './webhook-event-types';

// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
// Events name the signing secret by id only: the relay publishes every event to analytics topics, so the
// secret itself lives in WebhookSecrets and never enters the log.
type Ids = { webhookId: number; accountId: string };

export type WebhookRegistered = {
  type: 'WebhookRegistered';
  data: Ids & { url: string; events: WebhookEventName[]; isActive: boolean; secretId: string; registeredAt: string };
};
/** Carries the complete new url and events, so readers never merge partial changes. */
export type WebhookUpdated = {
  type: 'WebhookUpdated';
  data: Ids & { url: string; events: WebhookEventName[]; updatedAt: string };
};
export type WebhookActivated = { type: 'WebhookActivated'; data: Ids & { activatedAt: string } };
export type WebhookDeactivated = { type: 'WebhookDeactivated'; data: Ids & { deactivatedAt: string } };
export type WebhookSecretRotated = {
  type: 'WebhookSecretRotated';
  data: Ids & { secretId: string; rotatedAt: string };
};
export type WebhookDeleted = { type: 'WebhookDeleted'; data: Ids & { deletedAt: string } };
export type WebhookTestRequested = {
  type: 'WebhookTestRequested';
  data: Ids & { deliveryId: string; requestedAt: string };
};

export type WebhookEvent =
  | WebhookRegistered
  | WebhookUpdated
  | WebhookActivated
  | WebhookDeactivated
  | WebhookSecretRotated
  | WebhookDeleted
  | WebhookTestRequested;

export const WEBHOOK_EVENT_TYPES: WebhookEvent['type'][] = [
  'WebhookRegistered',
  'WebhookUpdated',
  'WebhookActivated',
  'WebhookDeactivated',
  'WebhookSecretRotated',
  'WebhookDeleted',
  'WebhookTestRequested',
];

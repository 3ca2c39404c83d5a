import type { DeliveryEventType } from './delivery.commands';

// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
type Ids = { deliveryId: string; webhookId: number; accountId: string };

export type DeliveryScheduled = {
  type: 'DeliveryScheduled';
  data: Ids & {
    eventId: string;
    eventType: DeliveryEventType;
    body: string;
    retryDelaysMs: number[];
    scheduledAt: string;
  };
};
export type DeliveryAttemptStarted = {
  type: 'DeliveryAttemptStarted';
  data: Ids & { attempt: number; startedAt: string; leaseUntil: string };
};
export type DeliveryAttempted = {
  type: 'DeliveryAttempted';
  data: Ids & { attempt: number; status: number | null; durationMs: number; error: string | null; attemptedAt: string };
};
export type DeliveryRetryScheduled = {
  type: 'DeliveryRetryScheduled';
  data: Ids & { nextAttempt: number; dueAt: string };
};
export type DeliverySucceeded = { type: 'DeliverySucceeded'; data: Ids & { attempts: number; succeededAt: string } };
export type DeliveryFailed = {
  type: 'DeliveryFailed';
  data: Ids & { attempts: number; reason: string; failedAt: string };
};

export type DeliveryEvent =
  | DeliveryScheduled
  | DeliveryAttemptStarted
  | DeliveryAttempted
  | DeliveryRetryScheduled
  | DeliverySucceeded
  | DeliveryFailed;

export const DELIVERY_EVENT_TYPES: DeliveryEvent['type'][] = [
  'DeliveryScheduled',
  'DeliveryAttemptStarted',
  'DeliveryAttempted',
  'DeliveryRetryScheduled',
  'DeliverySucceeded',
  'DeliveryFailed',
];

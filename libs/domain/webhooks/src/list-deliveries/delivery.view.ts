import type { DeliveryAttemptView, DeliveryDoc } from './webhook-deliveries.projection';

/** One delivery in the history: every attempt with the receiver's status, and where it stands now. */
export interface DeliveryView {
  id: string;
  webhookId: number;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttemptView[];
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  failureReason: string | null;
  createdAt: string;
  completedAt: string | null;
}

export function deliveryView(doc: DeliveryDoc): DeliveryView {
  return {
    id: doc.deliveryId,
    webhookId: doc.webhookId,
    eventId: doc.eventId,
    eventType: doc.eventType,
    status: doc.status,
    attempts: doc.attempts,
    nextAttemptAt: doc.status === 'pending' ? doc.dueAt : null,
    failureReason: doc.failureReason,
    createdAt: doc.createdAt,
    completedAt: doc.completedAt,
  };
}

import { DomainError, isNumericId } from '@lib/common';
import { webhookEventCode, WebhookEventName } from '../domain/webhook-event-types';

/** A webhook as the API returns it. The secret is only ever added by create and rotate-secret. */
export interface WebhookView {
  id: number;
  url: string;
  /** Numeric event values (1 = job.completed, 2 = job.failed), as requests send them. */
  events: number[];
  eventNames: WebhookEventName[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export type WebhookWithSecretView = WebhookView & { secret: string };

type WebhookFields = {
  webhookId: number;
  url: string;
  events: WebhookEventName[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export function webhookView(hook: WebhookFields): WebhookView {
  return {
    id: hook.webhookId,
    url: hook.url,
    events: hook.events.map(webhookEventCode),
    eventNames: hook.events,
    isActive: hook.isActive,
    createdAt: hook.createdAt,
    updatedAt: hook.updatedAt,
  };
}

/** Path ids are int64 integers; anything else cannot name a webhook, so it is a 404 like a missing one. */
export function parseWebhookId(raw: string): number {
  if (!isNumericId(raw)) throw new DomainError('WEBHOOK_NOT_FOUND');
  return Number(raw);
}

import { DomainError } from '@lib/common';

/** The events a webhook can subscribe to; names are part of the public payload and never change. */
export type WebhookEventName = 'job.completed' | 'job.failed' | 'job.files_expiring';

/** Numeric values accepted in requests (the spec sends WebhookEvent as a number). Never renumber. */
export const WEBHOOK_EVENT_CODES: Readonly<Record<WebhookEventName, number>> = {
  'job.completed': 1,
  'job.failed': 2,
  'job.files_expiring': 3,
};

const BY_CODE = new Map<number, WebhookEventName>(
  Object.entries(WEBHOOK_EVENT_CODES).map(([name, code]) => [code, name as WebhookEventName]),
);

export const webhookEventCode = (name: WebhookEventName): number => WEBHOOK_EVENT_CODES[name];

/**
 * Normalises request input (numbers, names, or a mix) to a sorted, de-duplicated list of names;
 * anything else is a 400 that names the offending value.
 */
export function parseWebhookEvents(input: unknown): WebhookEventName[] {
  if (!Array.isArray(input) || input.length === 0) {
    throw new DomainError(
      'WEBHOOK_EVENTS_INVALID',
      'events must be a non-empty array of event numbers (1 = job.completed, 2 = job.failed, 3 = job.files_expiring) or names.',
    );
  }
  const names = input.map((value) => {
    const name =
      typeof value === 'number'
        ? BY_CODE.get(value)
        : typeof value === 'string' && value in WEBHOOK_EVENT_CODES
          ? (value as WebhookEventName)
          : undefined;
    if (!name)
      throw new DomainError(
        'WEBHOOK_EVENTS_INVALID',
        `events: unknown event ${JSON.stringify(value)}; use 1 (job.completed), 2 (job.failed) or 3 (job.files_expiring).`,
      );
    return name;
  });
  return [...new Set(names)].sort((a, b) => WEBHOOK_EVENT_CODES[a] - WEBHOOK_EVENT_CODES[b]);
}

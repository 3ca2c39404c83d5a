import { createHmac } from 'node:crypto';

/** Header names; "SVC" stands for the brand abbreviation of the original interface. */
export const WebhookHeaders = {
  signature: 'X-SVC-Signature',
  timestampSignature: 'X-SVC-Timestamp-Signature',
  timestamp: 'X-SVC-Timestamp',
  deliveryId: 'X-SVC-Delivery-Id',
  event: 'X-SVC-Event',
  attempt: 'X-SVC-Attempt',
} as const;

/** Lowercase hex HMAC-SHA256 of the raw body, keyed with the webhook's secret (the spec's signature). */
export const signBody = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body, 'utf8').digest('hex');

/**
 * The same HMAC over `<timestamp>.<body>`: binds the timestamp to the body, so a receiver that rejects
 * old timestamps also rejects a replayed request (the body signature alone would verify forever).
 */
export const signTimestamped = (secret: string, timestamp: number, body: string): string =>
  signBody(secret, `${timestamp}.${body}`);

export interface SignedHeadersInput {
  secret: string;
  body: string;
  deliveryId: string;
  eventType: string;
  attempt: number;
  /** Milliseconds since the epoch; sent as whole seconds. */
  nowMs: number;
}

export function signedHeaders(input: SignedHeadersInput): Record<string, string> {
  const timestamp = Math.floor(input.nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'mailcheck-webhooks/1',
    [WebhookHeaders.signature]: signBody(input.secret, input.body),
    [WebhookHeaders.timestampSignature]: signTimestamped(input.secret, timestamp, input.body),
    [WebhookHeaders.timestamp]: String(timestamp),
    [WebhookHeaders.deliveryId]: input.deliveryId,
    [WebhookHeaders.event]: input.eventType,
    [WebhookHeaders.attempt]: String(input.attempt),
  };
}

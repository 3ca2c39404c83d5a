import { createHmac, timingSafeEqual } from 'node:crypto';

export { DeliveryDedupe, type DeliveryDedupeOptions } from './delivery-dedupe.js';

/** The headers of a delivery that carry its signature (names case-insensitive). */
export interface SignatureHeaders {
  'x-svc-signature'?: string;
  'x-svc-timestamp'?: string;
  'x-svc-timestamp-signature'?: string;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * Checks a webhook delivery: `X-SVC-Timestamp-Signature` must be the hex HMAC-SHA256 of
 * `"<X-SVC-Timestamp>.<raw body>"` under the webhook's secret, `X-SVC-Signature` the HMAC of the raw body,
 * and the timestamp within `toleranceSeconds` of now (a captured request cannot be replayed later).
 * Comparisons are constant-time. `rawBody`: the bytes as received, before any JSON parsing.
 * `headers`: the request's headers (a Headers object or Node's `req.headers`).
 * Returns the parsed event; throws WebhookSignatureError otherwise.
 */
export function verifyWebhookSignature<T = unknown>(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Date.now() / 1000,
): T {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const timestamp = header(headers, 'x-svc-timestamp');
  const signature = header(headers, 'x-svc-signature');
  const timestampSignature = header(headers, 'x-svc-timestamp-signature');
  if (!timestamp || !signature || !timestampSignature) throw new WebhookSignatureError('missing signature headers');
  const hmac = (...parts: Buffer[]) => {
    const mac = createHmac('sha256', secret);
    for (const part of parts) mac.update(part);
    return mac.digest();
  };
  if (!sameHex(signature, hmac(body))) throw new WebhookSignatureError('X-SVC-Signature does not match the body');
  if (!sameHex(timestampSignature, hmac(Buffer.from(`${timestamp}.`), body)))
    throw new WebhookSignatureError('X-SVC-Timestamp-Signature does not match');
  const sent = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - sent) > toleranceSeconds)
    throw new WebhookSignatureError(`timestamp outside the ${toleranceSeconds} s window`);
  return JSON.parse(body.toString('utf8')) as T;
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Constant-time comparison of a hex signature with the expected digest (a malformed one never matches). */
function sameHex(given: string, expected: Buffer): boolean {
  const decoded = /^[0-9a-f]+$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return decoded.length === expected.length && timingSafeEqual(decoded, expected);
}

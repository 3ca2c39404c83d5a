import { DomainError } from '@lib/common';

const MAX_URL_LENGTH = 2048;

/**
 * The syntactic rules of a webhook URL: absolute, HTTPS, no credentials, no fragment. Whether the host
 * resolves to a public address is checked separately because it needs DNS.
 */
export function parseWebhookUrl(input: unknown): URL {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_URL_LENGTH) {
    throw new DomainError(
      'WEBHOOK_URL_INVALID',
      `url must be an absolute HTTPS URL of at most ${MAX_URL_LENGTH} characters.`,
    );
  }
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new DomainError('WEBHOOK_URL_INVALID', 'url is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:') throw new DomainError('WEBHOOK_URL_INVALID', 'url must use https.');
  if (url.username || url.password)
    throw new DomainError(
      'WEBHOOK_URL_INVALID',
      'url must not contain credentials; authenticate deliveries with the signature instead.',
    );
  if (url.hash) throw new DomainError('WEBHOOK_URL_INVALID', 'url must not contain a fragment.');
  if (!url.hostname) throw new DomainError('WEBHOOK_URL_INVALID', 'url must name a host.');
  return url;
}

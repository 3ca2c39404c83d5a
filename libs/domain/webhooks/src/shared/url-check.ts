import { WebhookAddressGuard } from '../delivery/address-guard';
import { parseWebhookUrl } from '../domain/webhook-url';

/** Syntax first (4002), then DNS (4003: private or unresolvable alike); returns the normalised URL. */
export async function checkWebhookUrl(guard: WebhookAddressGuard, input: unknown): Promise<string> {
  const url = parseWebhookUrl(input);
  await guard.check(url.hostname);
  return url.toString();
}

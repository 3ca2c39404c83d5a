import { ApiIdParam } from '@lib/http-host';

/** The `:id` of every webhook route, and what a bad one answers. */
export const WebhookIdParam = () =>
  ApiIdParam('Webhook id (int64). Non-integer, unknown or another account’s: 404 code 4001.');

import type { WebhookEventName } from './webhook-event-types';

// URLs and events arrive already validated (parseWebhookUrl, parseWebhookEvents); time and secret ids arrive from the caller.
export type RegisterWebhook = {
  type: 'RegisterWebhook';
  webhookId: number;
  accountId: string;
  url: string;
  events: WebhookEventName[];
  isActive: boolean;
  secretId: string;
  at: string;
};
export type UpdateWebhook = {
  type: 'UpdateWebhook';
  accountId: string;
  url?: string;
  events?: WebhookEventName[];
  isActive?: boolean;
  at: string;
};
/** `isActive` given: apply it; absent: flip the current state. */
export type ToggleWebhook = { type: 'ToggleWebhook'; accountId: string; isActive?: boolean; at: string };
export type RotateWebhookSecret = { type: 'RotateWebhookSecret'; accountId: string; secretId: string; at: string };
export type DeleteWebhook = { type: 'DeleteWebhook'; accountId: string; at: string };
export type RequestTestDelivery = { type: 'RequestTestDelivery'; accountId: string; deliveryId: string; at: string };

export type WebhookCommand =
  RegisterWebhook | UpdateWebhook | ToggleWebhook | RotateWebhookSecret | DeleteWebhook | RequestTestDelivery;

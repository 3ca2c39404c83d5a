import { Decider, DomainError } from '@lib/common';
import type { WebhookCommand } from './webhook.commands';
import type { WebhookEventName } from './webhook-event-types';
import type { WebhookEvent } from './webhook.events';

export type LiveWebhook = {
  status: 'registered';
  webhookId: number;
  accountId: string;
  url: string;
  events: WebhookEventName[];
  isActive: boolean;
  secretId: string;
  createdAt: string;
  updatedAt: string;
};
export type WebhookState =
  { status: 'none' } | LiveWebhook | { status: 'deleted'; webhookId: number; accountId: string };

export const webhookStream = (webhookId: number): string => `webhooks-${webhookId}`;

/** Another account's webhook answers exactly like a missing one, so ids cannot be probed. */
function requireOwned(state: WebhookState, accountId: string): LiveWebhook {
  if (state.status !== 'registered' || state.accountId !== accountId) throw new DomainError('WEBHOOK_NOT_FOUND');
  return state;
}

function activation(hook: LiveWebhook, isActive: boolean, at: string): WebhookEvent[] {
  if (hook.isActive === isActive) return [];
  const ids = { webhookId: hook.webhookId, accountId: hook.accountId };
  return isActive
    ? [{ type: 'WebhookActivated', data: { ...ids, activatedAt: at } }]
    : [{ type: 'WebhookDeactivated', data: { ...ids, deactivatedAt: at } }];
}

const sameEvents = (a: WebhookEventName[], b: WebhookEventName[]): boolean =>
  a.length === b.length && a.every((e, i) => e === b[i]);

export const webhookDecider: Decider<WebhookCommand, WebhookEvent, WebhookState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    if (command.type === 'RegisterWebhook') {
      if (state.status !== 'none') return []; // a retried registration is a no-op
      const { webhookId, accountId, url, events, isActive, secretId, at } = command;
      return [
        {
          type: 'WebhookRegistered',
          data: { webhookId, accountId, url, events, isActive, secretId, registeredAt: at },
        },
      ];
    }
    const hook = requireOwned(state, command.accountId);
    const ids = { webhookId: hook.webhookId, accountId: hook.accountId };
    switch (command.type) {
      case 'UpdateWebhook': {
        const url = command.url ?? hook.url;
        const events = command.events ?? hook.events;
        const changed = url !== hook.url || !sameEvents(events, hook.events);
        const updated: WebhookEvent[] = changed
          ? [{ type: 'WebhookUpdated', data: { ...ids, url, events, updatedAt: command.at } }]
          : [];
        return [...updated, ...(command.isActive === undefined ? [] : activation(hook, command.isActive, command.at))];
      }
      case 'ToggleWebhook':
        return activation(hook, command.isActive ?? !hook.isActive, command.at);
      case 'RotateWebhookSecret':
        return [{ type: 'WebhookSecretRotated', data: { ...ids, secretId: command.secretId, rotatedAt: command.at } }];
      case 'DeleteWebhook':
        return [{ type: 'WebhookDeleted', data: { ...ids, deletedAt: command.at } }];
      case 'RequestTestDelivery':
        if (!hook.isActive) throw new DomainError('WEBHOOK_INACTIVE');
        return [
          { type: 'WebhookTestRequested', data: { ...ids, deliveryId: command.deliveryId, requestedAt: command.at } },
        ];
    }
  },

  evolve(state, event) {
    if (event.type === 'WebhookRegistered') {
      const { webhookId, accountId, url, events, isActive, secretId, registeredAt } = event.data;
      return {
        status: 'registered',
        webhookId,
        accountId,
        url,
        events,
        isActive,
        secretId,
        createdAt: registeredAt,
        updatedAt: registeredAt,
      };
    }
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'WebhookUpdated':
        return { ...state, url: event.data.url, events: event.data.events, updatedAt: event.data.updatedAt };
      case 'WebhookActivated':
        return { ...state, isActive: true, updatedAt: event.data.activatedAt };
      case 'WebhookDeactivated':
        return { ...state, isActive: false, updatedAt: event.data.deactivatedAt };
      case 'WebhookSecretRotated':
        return { ...state, secretId: event.data.secretId, updatedAt: event.data.rotatedAt };
      case 'WebhookDeleted':
        return { status: 'deleted', webhookId: state.webhookId, accountId: state.accountId };
      case 'WebhookTestRequested':
        return state;
    }
  },
};

import { fold } from '@lib/common/testing';
import { deciderSpec } from '@lib/common/testing';
import { webhookDecider } from './webhook.decider';
import type { WebhookEvent } from './webhook.events';

const AT = '2025-03-01T10:00:00.000Z';
const ids = { webhookId: 42, accountId: 'acc-1' };
const registered: WebhookEvent = {
  type: 'WebhookRegistered',
  data: {
    ...ids,
    url: 'https://hooks.example.com/a',
    events: ['job.completed'],
    isActive: true,
    secretId: 'sec-1',
    registeredAt: AT,
  },
};
const deactivated: WebhookEvent = { type: 'WebhookDeactivated', data: { ...ids, deactivatedAt: AT } };

const given = deciderSpec(webhookDecider);

describe('webhook decider', () => {
  describe('registering', () => {
    it('records url, events, activity and the id of the generated secret', () => {
      const events = given([])
        .when({
          type: 'RegisterWebhook',
          ...ids,
          url: 'https://hooks.example.com/a',
          events: ['job.completed'],
          isActive: true,
          secretId: 'sec-1',
          at: AT,
        })
        .events();
      expect(events).toEqual([registered]);
    });

    it('is a no-op when the same registration is retried', () => {
      given([registered])
        .when({
          type: 'RegisterWebhook',
          ...ids,
          url: 'https://x.example',
          events: ['job.failed'],
          isActive: false,
          secretId: 'sec-x',
          at: AT,
        })
        .then([]);
    });
  });

  describe('updating', () => {
    it('emits the complete new url and events', () => {
      given([registered])
        .when({ type: 'UpdateWebhook', accountId: 'acc-1', events: ['job.completed', 'job.failed'], at: AT })
        .then([
          {
            type: 'WebhookUpdated',
            data: {
              ...ids,
              url: 'https://hooks.example.com/a',
              events: ['job.completed', 'job.failed'],
              updatedAt: AT,
            },
          },
        ]);
    });

    it('changes nothing when the values are the current ones', () => {
      given([registered])
        .when({ type: 'UpdateWebhook', accountId: 'acc-1', url: 'https://hooks.example.com/a', isActive: true, at: AT })
        .then([]);
    });

    it('deactivates when isActive is false', () => {
      given([registered])
        .when({ type: 'UpdateWebhook', accountId: 'acc-1', isActive: false, at: AT })
        .then([deactivated]);
    });

    it("answers not found for another account's webhook", () => {
      given([registered])
        .when({ type: 'UpdateWebhook', accountId: 'acc-2', isActive: false, at: AT })
        .thenThrows('WEBHOOK_NOT_FOUND');
    });
  });

  describe('toggling', () => {
    it('flips an active webhook to inactive when no isActive is given', () => {
      given([registered]).when({ type: 'ToggleWebhook', accountId: 'acc-1', at: AT }).then([deactivated]);
    });

    it('flips an inactive webhook to active when no isActive is given', () => {
      given([registered, deactivated])
        .when({ type: 'ToggleWebhook', accountId: 'acc-1', at: AT })
        .then([{ type: 'WebhookActivated', data: { ...ids, activatedAt: AT } }]);
    });

    it('applies a given isActive instead of flipping, so a repeated request is idempotent', () => {
      given([registered]).when({ type: 'ToggleWebhook', accountId: 'acc-1', isActive: true, at: AT }).then([]);
    });
  });

  describe('rotating the secret', () => {
    it('records the new secret id, which later state carries', () => {
      const events = given([registered])
        .when({ type: 'RotateWebhookSecret', accountId: 'acc-1', secretId: 'sec-2', at: AT })
        .events();
      expect(events).toEqual([{ type: 'WebhookSecretRotated', data: { ...ids, secretId: 'sec-2', rotatedAt: AT } }]);
      expect(fold(webhookDecider, [registered, ...events])).toMatchObject({ secretId: 'sec-2' });
    });
  });

  describe('when deleted', () => {
    const deleted: WebhookEvent = { type: 'WebhookDeleted', data: { ...ids, deletedAt: AT } };

    it('answers not found to every later command', () => {
      given([registered, deleted])
        .when({ type: 'DeleteWebhook', accountId: 'acc-1', at: AT })
        .thenThrows('WEBHOOK_NOT_FOUND');
      given([registered, deleted])
        .when({ type: 'ToggleWebhook', accountId: 'acc-1', at: AT })
        .thenThrows('WEBHOOK_NOT_FOUND');
    });
  });

  describe('test deliveries', () => {
    it('are requested for an active webhook', () => {
      given([registered])
        .when({ type: 'RequestTestDelivery', accountId: 'acc-1', deliveryId: 'd1', at: AT })
        .then([{ type: 'WebhookTestRequested', data: { ...ids, deliveryId: 'd1', requestedAt: AT } }]);
    });

    it('are refused for an inactive webhook', () => {
      given([registered, deactivated])
        .when({ type: 'RequestTestDelivery', accountId: 'acc-1', deliveryId: 'd1', at: AT })
        .thenThrows('WEBHOOK_INACTIVE');
    });
  });
});

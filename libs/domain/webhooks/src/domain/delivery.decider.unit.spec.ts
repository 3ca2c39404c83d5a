import { deciderSpec } from '@lib/common/testing';
import type { DeliveryCommand } from './delivery.commands';
import { deliveryDecider } from './delivery.decider';
import type { DeliveryEvent } from './delivery.events';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const ids = { deliveryId: 'd1', webhookId: 7, accountId: 'acc-1' };
const scheduled: DeliveryEvent = {
  type: 'DeliveryScheduled',
  data: {
    ...ids,
    eventId: 'e1',
    eventType: 'job.completed',
    body: '{"id":"e1"}',
    retryDelaysMs: [1000, 4000],
    scheduledAt: iso(0),
  },
};
const started = (attempt: number, at: number): DeliveryEvent => ({
  type: 'DeliveryAttemptStarted',
  data: { ...ids, attempt, startedAt: iso(at), leaseUntil: iso(at + 10_000) },
});
const attempted = (attempt: number, at: number, status: number | null, error: string | null = null): DeliveryEvent => ({
  type: 'DeliveryAttempted',
  data: { ...ids, attempt, status, durationMs: 5, error, attemptedAt: iso(at) },
});
const record = (
  attempt: number,
  at: number,
  status: number | null,
  error: string | null = null,
  jitter = 0.5,
): DeliveryCommand => ({
  type: 'RecordDeliveryAttempt',
  attempt,
  status,
  durationMs: 5,
  error,
  at: iso(at),
  jitter,
});

const given = deciderSpec(deliveryDecider);

describe('delivery decider', () => {
  describe('scheduling', () => {
    it('schedules once even when the job event is delivered twice', () => {
      const command: DeliveryCommand = {
        type: 'ScheduleDelivery',
        ...ids,
        eventId: 'e1',
        eventType: 'job.completed',
        body: '{"id":"e1"}',
        retryDelaysMs: [1000, 4000],
        at: iso(0),
      };
      given([]).when(command).then([scheduled]);
      given([scheduled]).when(command).then([]);
    });

    it('claims attempt 1 in the same append when asked to deliver right away', () => {
      const events = given([])
        .when({
          type: 'ScheduleDelivery',
          ...ids,
          eventId: 'e1',
          eventType: 'webhook.test',
          body: '{}',
          retryDelaysMs: [],
          at: iso(0),
          claimLeaseMs: 10_000,
        })
        .events();
      expect(events.map((e) => e.type)).toEqual(['DeliveryScheduled', 'DeliveryAttemptStarted']);
      expect(events[1].data).toMatchObject({ attempt: 1, leaseUntil: iso(10_000) });
    });
  });

  describe('claiming an attempt', () => {
    it('claims a due delivery until the lease ends', () => {
      given([scheduled])
        .when({ type: 'StartDeliveryAttempt', at: iso(0), leaseMs: 10_000 })
        .then([started(1, 0)]);
    });

    it('does not claim a delivery another sender holds', () => {
      given([scheduled, started(1, 0)])
        .when({ type: 'StartDeliveryAttempt', at: iso(9_999), leaseMs: 10_000 })
        .then([]);
    });

    it('reclaims the same attempt after a crashed sender’s lease expired', () => {
      given([scheduled, started(1, 0)])
        .when({ type: 'StartDeliveryAttempt', at: iso(10_000), leaseMs: 10_000 })
        .then([started(1, 10_000)]);
    });

    it('does not claim a retry before it is due', () => {
      const retry: DeliveryEvent = {
        type: 'DeliveryRetryScheduled',
        data: { ...ids, nextAttempt: 2, dueAt: iso(1_000) },
      };
      const history = [scheduled, started(1, 0), attempted(1, 0, 500), retry];
      given(history)
        .when({ type: 'StartDeliveryAttempt', at: iso(999), leaseMs: 10_000 })
        .then([]);
      given(history)
        .when({ type: 'StartDeliveryAttempt', at: iso(1_000), leaseMs: 10_000 })
        .then([started(2, 1_000)]);
    });
  });

  describe('recording an attempt', () => {
    it('succeeds on a 2xx', () => {
      given([scheduled, started(1, 0)])
        .when(record(1, 20, 204))
        .then([
          attempted(1, 20, 204),
          { type: 'DeliverySucceeded', data: { ...ids, attempts: 1, succeededAt: iso(20) } },
        ]);
    });

    it('schedules the next attempt after the configured delay, spread by jitter', () => {
      const [, low] = given([scheduled, started(1, 0)])
        .when(record(1, 0, 500, null, 0))
        .events();
      const [, high] = given([scheduled, started(1, 0)])
        .when(record(1, 0, 500, null, 0.999))
        .events();
      expect(low).toEqual({ type: 'DeliveryRetryScheduled', data: { ...ids, nextAttempt: 2, dueAt: iso(800) } });
      expect(Date.parse((high.data as { dueAt: string }).dueAt) - T0).toBe(1199);
    });

    it('uses the next, longer delay for the next retry', () => {
      const history = [scheduled, started(1, 0), attempted(1, 0, null, 'timeout'), started(2, 1_000)];
      const [, retry] = given(history)
        .when(record(2, 1_000, 503, null, 0.5))
        .events();
      expect(retry.data).toMatchObject({ nextAttempt: 3, dueAt: iso(5_000) });
    });

    it('fails the delivery after the last attempt and keeps the last error', () => {
      const history = [
        scheduled,
        started(1, 0),
        attempted(1, 0, 500),
        started(2, 1_000),
        attempted(2, 1_000, 500),
        started(3, 5_000),
      ];
      const events = given(history)
        .when(record(3, 5_000, null, 'timeout after 5000 ms'))
        .events();
      expect(events[1]).toEqual({
        type: 'DeliveryFailed',
        data: {
          ...ids,
          attempts: 3,
          reason: 'gave up after 3 attempts; last: timeout after 5000 ms',
          failedAt: iso(5_000),
        },
      });
    });

    it('treats a redirect as a failure, never following it', () => {
      const events = given([scheduled, started(1, 0)])
        .when(record(1, 0, 302))
        .events();
      expect(events[1].type).toBe('DeliveryRetryScheduled');
    });

    it('drops a result for an attempt that is no longer claimed', () => {
      given([scheduled, started(1, 0), attempted(1, 10, 500)])
        .when(record(1, 20, 200))
        .then([]);
    });
  });

  describe('after the delivery ended', () => {
    it('ignores further claims and abandonment', () => {
      const done: DeliveryEvent = { type: 'DeliverySucceeded', data: { ...ids, attempts: 1, succeededAt: iso(1) } };
      const history = [scheduled, started(1, 0), attempted(1, 1, 200), done];
      given(history)
        .when({ type: 'StartDeliveryAttempt', at: iso(60_000), leaseMs: 1 })
        .then([]);
      given(history)
        .when({ type: 'AbandonDelivery', reason: 'webhook deleted', at: iso(2) })
        .then([]);
    });
  });

  describe('abandoning', () => {
    it('fails a pending delivery with the reason', () => {
      given([scheduled])
        .when({ type: 'AbandonDelivery', reason: 'webhook deleted', at: iso(5) })
        .then([{ type: 'DeliveryFailed', data: { ...ids, attempts: 0, reason: 'webhook deleted', failedAt: iso(5) } }]);
    });
  });
});

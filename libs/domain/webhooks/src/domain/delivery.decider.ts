import { Decider } from '@lib/common';
import type { DeliveryCommand, DeliveryEventType } from './delivery.commands';
import type { DeliveryEvent } from './delivery.events';
import { isSuccessStatus, nextAttemptDue } from './retry-schedule';

export type PendingDelivery = {
  status: 'pending';
  deliveryId: string;
  webhookId: number;
  accountId: string;
  eventId: string;
  eventType: DeliveryEventType;
  body: string;
  retryDelaysMs: number[];
  /** Attempts that finished (a claimed attempt that crashed does not count). */
  attempts: number;
  dueAtMs: number;
  claim: { attempt: number; leaseUntilMs: number } | null;
};
export type DeliveryState =
  | { status: 'none' }
  | PendingDelivery
  | { status: 'succeeded' | 'failed'; deliveryId: string; webhookId: number; attempts: number };

export const deliveryStream = (deliveryId: string): string => `webhookdeliveries-${deliveryId}`;

function describeOutcome(status: number | null, error: string | null): string {
  return error ?? `HTTP ${status}`;
}

function startAttempt(state: PendingDelivery, at: string, leaseMs: number): DeliveryEvent {
  const { deliveryId, webhookId, accountId } = state;
  const leaseUntil = new Date(Date.parse(at) + leaseMs).toISOString();
  return {
    type: 'DeliveryAttemptStarted',
    data: { deliveryId, webhookId, accountId, attempt: state.attempts + 1, startedAt: at, leaseUntil },
  };
}

export const deliveryDecider: Decider<DeliveryCommand, DeliveryEvent, DeliveryState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    if (command.type === 'ScheduleDelivery') {
      if (state.status !== 'none') return []; // a redelivered job event schedules nothing twice
      const { deliveryId, webhookId, accountId, eventId, eventType, body, retryDelaysMs, at } = command;
      const scheduled: DeliveryEvent = {
        type: 'DeliveryScheduled',
        data: { deliveryId, webhookId, accountId, eventId, eventType, body, retryDelaysMs, scheduledAt: at },
      };
      if (command.claimLeaseMs === undefined) return [scheduled];
      const pending = deliveryDecider.evolve(state, scheduled) as PendingDelivery;
      return [scheduled, startAttempt(pending, at, command.claimLeaseMs)];
    }
    if (state.status !== 'pending') return [];
    const { deliveryId, webhookId, accountId } = state;
    const at = Date.parse(command.at);
    switch (command.type) {
      case 'StartDeliveryAttempt':
        // Not due yet, or another sender holds a live claim: nothing to do, and the caller skips it.
        if (state.dueAtMs > at || (state.claim && state.claim.leaseUntilMs > at)) return [];
        return [startAttempt(state, command.at, command.leaseMs)];
      case 'RecordDeliveryAttempt': {
        // A result for an attempt this stream no longer waits for (its claim expired and was retaken) is dropped.
        if (state.claim?.attempt !== command.attempt) return [];
        const { attempt, status, durationMs, error } = command;
        const attempted: DeliveryEvent = {
          type: 'DeliveryAttempted',
          data: { deliveryId, webhookId, accountId, attempt, status, durationMs, error, attemptedAt: command.at },
        };
        if (isSuccessStatus(status))
          return [
            attempted,
            {
              type: 'DeliverySucceeded',
              data: { deliveryId, webhookId, accountId, attempts: attempt, succeededAt: command.at },
            },
          ];
        const due = nextAttemptDue(state.retryDelaysMs, attempt + 1, at, command.jitter);
        if (due === null) {
          const reason = `gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}; last: ${describeOutcome(status, error)}`;
          return [
            attempted,
            {
              type: 'DeliveryFailed',
              data: { deliveryId, webhookId, accountId, attempts: attempt, reason, failedAt: command.at },
            },
          ];
        }
        return [
          attempted,
          {
            type: 'DeliveryRetryScheduled',
            data: { deliveryId, webhookId, accountId, nextAttempt: attempt + 1, dueAt: new Date(due).toISOString() },
          },
        ];
      }
      case 'AbandonDelivery':
        return [
          {
            type: 'DeliveryFailed',
            data: {
              deliveryId,
              webhookId,
              accountId,
              attempts: state.attempts,
              reason: command.reason,
              failedAt: command.at,
            },
          },
        ];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DeliveryScheduled': {
        const { deliveryId, webhookId, accountId, eventId, eventType, body, retryDelaysMs, scheduledAt } = event.data;
        return {
          status: 'pending',
          deliveryId,
          webhookId,
          accountId,
          eventId,
          eventType,
          body,
          retryDelaysMs,
          attempts: 0,
          dueAtMs: Date.parse(scheduledAt),
          claim: null,
        };
      }
      case 'DeliveryAttemptStarted':
        return state.status === 'pending'
          ? { ...state, claim: { attempt: event.data.attempt, leaseUntilMs: Date.parse(event.data.leaseUntil) } }
          : state;
      case 'DeliveryAttempted':
        return state.status === 'pending' ? { ...state, attempts: event.data.attempt, claim: null } : state;
      case 'DeliveryRetryScheduled':
        return state.status === 'pending' ? { ...state, dueAtMs: Date.parse(event.data.dueAt) } : state;
      case 'DeliverySucceeded':
      case 'DeliveryFailed':
        if (state.status !== 'pending') return state;
        return {
          status: event.type === 'DeliverySucceeded' ? 'succeeded' : 'failed',
          deliveryId: state.deliveryId,
          webhookId: state.webhookId,
          attempts: event.data.attempts,
        };
    }
  },
};

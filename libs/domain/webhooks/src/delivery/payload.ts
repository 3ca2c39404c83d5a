import { createHash, randomBytes } from 'node:crypto';
import { isTestAccount } from '@lib/common';
import type { JobCompleted, JobFailed, JobFilesExpiring } from '@lib/jobs';
import type { RelayedEvent } from '@lib/messaging';
import type { WebhookEventName } from '../domain/webhook-event-types';

/** The relayed job events webhooks announce (docs/contracts.md), in today's shape. */
export type JobFinished = RelayedEvent<JobCompleted | JobFailed>;
export type JobExpiring = RelayedEvent<JobFilesExpiring>;

/** The job events webhooks announce, by their event-store type. Cancelled jobs send nothing. */
export const JOB_EVENT_NAMES: Readonly<Record<string, WebhookEventName>> = {
  JobCompleted: 'job.completed',
  JobFailed: 'job.failed',
  JobFilesExpiring: 'job.files_expiring',
};

/** false for a test account's events (docs/test-mode.md): a receiver can refuse test events in production. */
const livemodeOf = (accountId: string): boolean => !isTestAccount(accountId);

/** Fixed key order: the body is built once, stored, and signed byte for byte on every attempt. */
export function jobEventBody(event: JobFinished, type: WebhookEventName): string {
  const { jobId, kind, summary, finishedAt, accountId } = event.data;
  const reason = event.type === 'JobFailed' ? event.data.reason : undefined;
  const data =
    type === 'job.failed'
      ? { jobId, kind, reason: reason ?? null, finishedAt, summary }
      : { jobId, kind, finishedAt, summary };
  return JSON.stringify({
    id: event.eventId,
    type,
    livemode: livemodeOf(accountId),
    createdAt: event.occurredAt,
    data,
  });
}

/** `job.files_expiring`: the job's file and results are deleted on `filesDeleteOn`, about `daysLeft` days from now. */
export function expiringEventBody(event: JobExpiring): string {
  const { jobId, kind, daysLeft, deleteOn, accountId } = event.data;
  return JSON.stringify({
    id: event.eventId,
    type: 'job.files_expiring',
    livemode: livemodeOf(accountId),
    createdAt: event.occurredAt,
    data: { jobId, kind, daysLeft, filesDeleteOn: deleteOn },
  });
}

export function testEventBody(eventId: string, webhookId: number, createdAt: string, accountId: string): string {
  return JSON.stringify({
    id: eventId,
    type: 'webhook.test',
    livemode: livemodeOf(accountId),
    createdAt,
    data: { webhookId, message: 'Test delivery: your endpoint is reachable and can verify signatures.' },
  });
}

/**
 * One delivery per (webhook, job event), derived rather than random so that a redelivered bus message
 * finds the delivery it already scheduled instead of sending twice.
 */
export function jobDeliveryId(webhookId: number, eventId: string): string {
  const hex = createHash('sha256').update(`${webhookId}:${eventId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A new signing secret: 32 random bytes, prefixed so it is recognisable in a leaked-secret scan. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('hex')}`;

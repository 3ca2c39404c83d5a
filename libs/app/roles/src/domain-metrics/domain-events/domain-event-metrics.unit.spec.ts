import type { NewEvent } from '@lib/eventstore';
import { Metrics } from '@lib/metrics';
import { parseExposition, sumOf } from '../../../../../../test/support/prometheus-text';
import { DomainMetrics } from '../domain-metrics';

const ledger = { accountId: 'acc_secret', balanceAfter: 10, holdsAfter: {}, at: '2026-01-01T00:00:00.000Z' };

describe('metrics counted from appended events', () => {
  let metrics: Metrics;
  let domain: DomainMetrics;
  const append = (...events: Array<{ type: string; data: Record<string, unknown> }>) =>
    domain.appends.appended('any-stream', events as NewEvent[]);
  const value = async (name: string, labels: Record<string, string> = {}) =>
    sumOf(parseExposition(await metrics.render()), name, labels);

  beforeEach(() => {
    metrics = new Metrics();
    domain = new DomainMetrics(metrics);
  });

  describe('credit ledger events', () => {
    it('count holds and settlements by purpose, and the credits charged', async () => {
      append(
        { type: 'CreditsHeld', data: { ...ledger, holdId: 'h1', amount: 5, purpose: 'batch', reference: 'r' } },
        {
          type: 'CreditsUsed',
          data: { ...ledger, transactionId: 't', holdId: 'h1', amount: 3, purpose: 'batch', reference: 'r' },
        },
      );
      expect(await value('mailcheck_credit_holds_total', { purpose: 'batch' })).toBe(1);
      expect(await value('mailcheck_credit_settlements_total', { purpose: 'batch' })).toBe(1);
      expect(await value('mailcheck_credits_charged_total', { purpose: 'batch' })).toBe(3);
    });

    it('name releases by a known reason, and any other reason `other`', async () => {
      append(
        { type: 'CreditHoldReleased', data: { ...ledger, holdId: 'h', amount: 1, reason: 'expired' } },
        { type: 'CreditHoldReleased', data: { ...ledger, holdId: 'h', amount: 1, reason: 'superseded by a retry' } },
        {
          type: 'CreditHoldReleased',
          data: { ...ledger, holdId: 'h', amount: 1, reason: 'a reason naming acc_secret' },
        },
      );
      expect(await value('mailcheck_credit_releases_total', { reason: 'expired' })).toBe(1);
      expect(await value('mailcheck_credit_releases_total', { reason: 'superseded' })).toBe(1);
      expect(await value('mailcheck_credit_releases_total', { reason: 'other' })).toBe(1);
    });

    it('never take an unknown purpose as a label value', async () => {
      append({
        type: 'CreditsHeld',
        data: { ...ledger, holdId: 'h', amount: 1, purpose: 'user@example.com', reference: 'r' },
      });
      expect(await value('mailcheck_credit_holds_total', { purpose: 'other' })).toBe(1);
      expect(await metrics.render()).not.toContain('example.com');
    });
  });

  describe('job events', () => {
    it('count rows by result with their duplicates, chunks, retries and terminal statuses', async () => {
      const verdict = (result: string) => ({ result, subResult: result });
      append(
        {
          type: 'ChunkCompleted',
          data: {
            jobId: 7,
            chunkNo: 0,
            charged: 2,
            results: [
              { email: 'a@x.test', rows: 3, verdict: verdict('ok') },
              { email: 'b@x.test', rows: 1, verdict: verdict('invalid') },
            ],
          },
        },
        {
          type: 'ChunkRetryScheduled',
          data: {
            jobId: 7,
            fromChunkNo: 0,
            retryChunkNo: 1,
            level: 1,
            items: [{ email: 'c@x.test' }, { email: 'd@x.test' }],
          },
        },
        { type: 'JobCompleted', data: { jobId: 7, accountId: 'acc', kind: 'verification' } },
        { type: 'FinderJobCancelled', data: { jobId: 8, accountId: 'acc' } },
      );
      expect(await value('mailcheck_job_rows_total', { result: 'ok' })).toBe(3);
      expect(await value('mailcheck_job_rows_total', { result: 'invalid' })).toBe(1);
      expect(await value('mailcheck_job_chunks_completed_total', { kind: 'verification' })).toBe(1);
      expect(await value('mailcheck_job_chunk_retries_total')).toBe(1);
      expect(await value('mailcheck_verification_greylist_retries_total', { mode: 'bulk' })).toBe(2);
      expect(await value('mailcheck_jobs_ended_total', { kind: 'verification', status: 'completed' })).toBe(1);
      expect(await value('mailcheck_jobs_ended_total', { kind: 'finder', status: 'cancelled' })).toBe(1);
      expect(await value('mailcheck_jobs_ended_total', { kind: 'finder', status: 'failed' })).toBe(0);
    });
  });

  describe('finder events', () => {
    it('count calls by source and outcome, job rows included', async () => {
      const outcome = (reason: string) => ({ reason, email: 'jane@acme.test' });
      append(
        { type: 'EmailFound', data: { source: { kind: 'single' }, outcome: outcome('found') } },
        {
          type: 'EmailNotFound',
          data: { source: { kind: 'batch', batchId: 1, index: 0 }, outcome: outcome('not_found') },
        },
        {
          type: 'FinderChunkCompleted',
          data: {
            jobId: 9,
            chunkNo: 0,
            results: [
              { row: 1, outcome: outcome('catch_all') },
              { row: 2, outcome: outcome('catch_all') },
            ],
          },
        },
      );
      expect(await value('mailcheck_finder_calls_total', { source: 'single', outcome: 'found' })).toBe(1);
      expect(await value('mailcheck_finder_calls_total', { source: 'batch', outcome: 'not_found' })).toBe(1);
      expect(await value('mailcheck_finder_calls_total', { source: 'job', outcome: 'catch_all' })).toBe(2);
      expect(await value('mailcheck_job_chunks_completed_total', { kind: 'finder' })).toBe(1);
      expect(await metrics.render()).not.toContain('acme.test');
    });
  });

  describe('webhook delivery events', () => {
    it('count outcomes and time attempts by status class', async () => {
      const ids = { deliveryId: 'd', webhookId: 1, accountId: 'acc' };
      append(
        { type: 'DeliveryAttempted', data: { ...ids, attempt: 1, status: 503, durationMs: 120, error: null } },
        { type: 'DeliveryRetryScheduled', data: { ...ids, nextAttempt: 2 } },
        { type: 'DeliveryAttempted', data: { ...ids, attempt: 2, status: null, durationMs: 5000, error: 'timeout' } },
        { type: 'DeliveryFailed', data: { ...ids, attempts: 2, reason: 'retries spent' } },
      );
      expect(await value('mailcheck_webhook_deliveries_total', { outcome: 'retry_scheduled' })).toBe(1);
      expect(await value('mailcheck_webhook_deliveries_total', { outcome: 'gave_up' })).toBe(1);
      expect(await value('mailcheck_webhook_deliveries_total', { outcome: 'delivered' })).toBe(0);
      expect(await value('mailcheck_webhook_delivery_duration_seconds_sum', { status_class: '5xx' })).toBeCloseTo(0.12);
      expect(await value('mailcheck_webhook_delivery_duration_seconds_count', { status_class: 'error' })).toBe(1);
    });
  });

  it('counts every appended event by type', async () => {
    append({ type: 'AccountOpened', data: {} }, { type: 'AccountOpened', data: {} });
    expect(await value('mailcheck_events_appended_total', { type: 'AccountOpened' })).toBe(2);
  });
});

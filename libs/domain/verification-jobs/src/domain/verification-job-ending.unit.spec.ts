import { DomainError } from '@lib/common';
import { decidedHistory, fold } from '@lib/common/testing';
import { PurgeJobFiles } from '@lib/jobs';
import { verificationJobDecider } from './verification-job.decider';
import { AT } from './verification-job.fixture';
import { chunk, createJob, given, result, started, whenLoadingLast } from './verification-job-decider.fixture';

describe('bulk verification job, as it ends', () => {
  describe('when cancelled', () => {
    it('cancels a Pending job, after which it cannot be started', () => {
      const history = decidedHistory(verificationJobDecider, createJob(), {
        type: 'CancelJob',
        accountId: 'acc-1',
        at: AT,
      });
      expect(history.map((e) => e.type)).toEqual(['JobCreated', 'JobCancelled']);
      given(history).when({ type: 'StartJob', at: AT }).then([]);
    });

    it('refuses with 400 code 3002 once the job is Completed or Cancelled', () => {
      const cancelled = decidedHistory(verificationJobDecider, createJob(), {
        type: 'CancelJob',
        accountId: 'acc-1',
        at: AT,
      });
      given(cancelled)
        .when({ type: 'CancelJob', accountId: 'acc-1', at: AT })
        .thenThrows((error) => error instanceof DomainError && error.code === 3002 && error.status === 400);
      const completed = decidedHistory(
        verificationJobDecider,
        createJob(1),
        { type: 'StartJob', at: AT },
        chunk(0, [result('a@x.test', 'ok')]),
      );
      whenLoadingLast(completed, { type: 'CancelJob', accountId: 'acc-1', at: AT }).thenThrows('JOB_NOT_CANCELLABLE');
    });

    it('answers 404 to another account, as if the job did not exist', () => {
      given(started()).when({ type: 'CancelJob', accountId: 'intruder', at: AT }).thenThrows('JOB_NOT_FOUND');
    });
  });

  describe('when its files are purged for retention', () => {
    const purge = (at: string, retentionDays = 30): PurgeJobFiles => ({
      type: 'PurgeJobFiles',
      reason: 'retention',
      retentionDays,
      at,
    });
    const completed = () =>
      decidedHistory(
        verificationJobDecider,
        createJob(1),
        { type: 'StartJob', at: AT },
        chunk(0, [result('a@x.test', 'ok')]),
      );

    it('records JobFilesPurged with how the job ended, once it ended more than the retention ago', () => {
      const events = whenLoadingLast(completed(), purge('2025-03-31T10:00:00.000Z')).events();
      expect(events).toEqual([
        {
          type: 'JobFilesPurged',
          data: {
            jobId: 42,
            accountId: 'acc-1',
            kind: 'verification',
            status: 'Completed',
            finishedAt: AT,
            reason: 'retention',
            retentionDays: 30,
            purgedAt: '2025-03-31T10:00:00.000Z',
          },
        },
      ]);
    });

    it('keeps a job that ended less than the retention ago', () => {
      whenLoadingLast(completed(), purge('2025-03-31T09:59:59.999Z')).then([]);
    });

    it('never purges a Pending or Processing job, however old', () => {
      given(decidedHistory(verificationJobDecider, createJob())).when(purge('2030-01-01T00:00:00.000Z')).then([]);
      whenLoadingLast(started(), purge('2030-01-01T00:00:00.000Z')).then([]);
    });

    it('purges Failed and Cancelled jobs, counting from when they ended', () => {
      const failed = decidedHistory(
        verificationJobDecider,
        createJob(),
        { type: 'StartJob', at: AT },
        { type: 'FailJob', reason: 'insufficient_credits', at: '2025-03-10T10:00:00.000Z' },
      );
      whenLoadingLast(failed, purge('2025-04-01T10:00:00.000Z')).then([]);
      expect(whenLoadingLast(failed, purge('2025-04-01T10:00:00.000Z', 20)).events()[0].data).toMatchObject({
        status: 'Failed',
        finishedAt: '2025-03-10T10:00:00.000Z',
      });
      const cancelled = decidedHistory(verificationJobDecider, createJob(), {
        type: 'CancelJob',
        accountId: 'acc-1',
        at: AT,
      });
      expect(whenLoadingLast(cancelled, purge('2025-04-01T10:00:00.000Z')).events()[0].data).toMatchObject({
        status: 'Cancelled',
        finishedAt: AT,
      });
    });

    it('purges once: a second purge records nothing, even when only the latest event is loaded', () => {
      const history = [...completed(), ...whenLoadingLast(completed(), purge('2025-04-01T10:00:00.000Z')).events()];
      whenLoadingLast(history, purge('2025-05-01T10:00:00.000Z')).then([]);
      given(history).when(purge('2025-05-01T10:00:00.000Z')).then([]);
    });

    it('keeps everything with a retention of 0 days', () => {
      whenLoadingLast(completed(), purge('2099-01-01T00:00:00.000Z', 0)).then([]);
    });

    it('stays what it was: still Completed, not cancellable, and late chunk results are dropped', () => {
      const history = [...completed(), ...whenLoadingLast(completed(), purge('2025-04-01T10:00:00.000Z')).events()];
      expect(fold(verificationJobDecider, history.slice(-1))).toMatchObject({
        status: 'Completed',
        jobId: 42,
        accountId: 'acc-1',
        filesPurgedAt: '2025-04-01T10:00:00.000Z',
      });
      whenLoadingLast(history, { type: 'CancelJob', accountId: 'acc-1', at: AT }).thenThrows('JOB_NOT_CANCELLABLE');
      whenLoadingLast(history, chunk(0, [result('a@x.test', 'ok')])).then([]);
    });
  });
});

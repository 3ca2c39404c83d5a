import { DomainError } from '@lib/common';
import { fold } from '@lib/common/testing';
import { DecisionSpec, decidedHistory, deciderSpec } from '@lib/common/testing';
import { CompleteChunk, CreateJob, VerificationJobCommand } from './verification-job.commands';
import { verificationJobDecider } from './verification-job.decider';
import { ChunkResult, VerificationJobEvent, ResultName } from './verification-job.events';
import { PurgeJobFiles } from '@lib/jobs';
import { aVerdict } from '../../../../../test/support/verdicts';
import { AT, createJobCommand } from './verification-job.fixture';

const createJob = (chunkCount = 2): CreateJob =>
  createJobCommand({
    chunkCount,
    columnCount: 3,
    counts: { rows: 6, uniqueAddresses: 4, duplicates: 1, invalidSyntax: 1 },
  });

const result = (email: string, outcome: ResultName, rows = 1): ChunkResult => ({
  email,
  canonical: email,
  firstRow: 1,
  rows,
  verdict: aVerdict({ result: outcome, resultCode: 1 }),
});

const given = deciderSpec(verificationJobDecider);
/** What a load-'last' command runner sees: only the latest event folded. */
const whenLoadingLast = (
  history: VerificationJobEvent[],
  command: VerificationJobCommand,
): DecisionSpec<VerificationJobEvent> => given(history.slice(-1)).when(command);

const chunk = (chunkNo: number, results: ChunkResult[], retry: CompleteChunk['retry'] = null): CompleteChunk => ({
  type: 'CompleteChunk',
  chunkNo,
  results,
  retry,
  at: AT,
});

const started = () => decidedHistory(verificationJobDecider, createJob(), { type: 'StartJob', at: AT });

describe('bulk verification job', () => {
  describe('when created', () => {
    it('is Pending, quotes one credit per unique address and counts invalid-syntax rows as processed', () => {
      const [event] = decidedHistory(verificationJobDecider, createJob());
      expect(event.type).toBe('JobCreated');
      if (event.type !== 'JobCreated') return;
      expect(event.data.quote).toBe(4);
      expect(event.data.snapshot).toMatchObject({
        status: 'Pending',
        processedRows: 1,
        chunksOpen: 2,
        creditsCharged: 0,
      });
      expect(event.data.snapshot.counts.invalid).toBe(1);
    });

    it('refuses to create a job whose stream already exists', () => {
      given(decidedHistory(verificationJobDecider, createJob()))
        .when(createJob())
        .thenThrows((error) => /already exists/.test(error.message));
    });
  });

  describe('when started', () => {
    it('moves to Processing once, and a repeated start changes nothing', () => {
      const history = started();
      expect(history.map((e) => e.type)).toEqual(['JobCreated', 'JobStarted']);
      given(history).when({ type: 'StartJob', at: AT }).then([]);
    });
  });

  describe('when a chunk completes', () => {
    it('records its results, charges only decisive verdicts and counts rows per result', () => {
      const events = given(started())
        .when(chunk(0, [result('a@x.test', 'ok', 2), result('b@x.test', 'unknown'), result('c@x.test', 'invalid')]))
        .events();
      expect(events.map((e) => e.type)).toEqual(['ChunkCompleted']);
      const data = events[0].data as Extract<VerificationJobEvent, { type: 'ChunkCompleted' }>['data'];
      expect(data.charged).toBe(2);
      expect(data.snapshot).toMatchObject({
        creditsCharged: 2,
        processedRows: 5,
        processedAddresses: 3,
        chunksOpen: 1,
      });
      expect(data.snapshot.counts).toMatchObject({ ok: 2, unknown: 1, invalid: 2 });
    });

    it('ignores a redelivered chunk, even when only the latest event is loaded', () => {
      const history = started();
      const first = given(history)
        .when(chunk(0, [result('a@x.test', 'ok')]))
        .events();
      whenLoadingLast([...history, ...first], chunk(0, [result('a@x.test', 'ok')])).then([]);
    });

    it('completes the job with the contract summary when the last open chunk completes', () => {
      const history = started();
      const afterFirst = [
        ...history,
        ...given(history)
          .when(chunk(0, [result('a@x.test', 'ok')]))
          .events(),
      ];
      const events = whenLoadingLast(afterFirst, chunk(1, [result('b@x.test', 'catch_all')])).events();
      expect(events.map((e) => e.type)).toEqual(['ChunkCompleted', 'JobCompleted']);
      expect(events[1].data).toEqual({
        jobId: 42,
        accountId: 'acc-1',
        kind: 'verification',
        finishedAt: AT,
        summary: {
          status: 'Completed',
          totalRows: 6,
          processedRows: 3,
          counts: { ok: 1, invalid: 1, catch_all: 1, unknown: 0, disposable: 0, error: 0 },
          creditsCharged: 2,
          downloadPath: '/v1/jobs/42/download',
        },
      });
    });

    it('schedules greylisted addresses as a new chunk, so the job stays open until the retry completes', () => {
      const retry = {
        items: [{ email: 'g@x.test', canonical: 'g@x.test', firstRow: 3, rows: 1 }],
        level: 1,
        notBefore: '2025-03-01T10:02:00.000Z',
      };
      const history = [
        ...started(),
        ...given(started())
          .when(chunk(0, [result('a@x.test', 'ok')]))
          .events(),
      ];
      const events = whenLoadingLast(history, chunk(1, [result('b@x.test', 'ok')], retry)).events();
      expect(events.map((e) => e.type)).toEqual(['ChunkCompleted', 'ChunkRetryScheduled']);
      expect(events[1].data).toMatchObject({ fromChunkNo: 1, retryChunkNo: 2, level: 1, items: retry.items });
      const done = whenLoadingLast([...history, ...events], chunk(2, [result('g@x.test', 'ok')])).events();
      expect(done.map((e) => e.type)).toEqual(['ChunkCompleted', 'JobCompleted']);
    });

    it('drops results that arrive after the job was cancelled', () => {
      const history = [
        ...started(),
        ...given(started()).when({ type: 'CancelJob', accountId: 'acc-1', at: AT }).events(),
      ];
      given(history)
        .when(chunk(0, [result('a@x.test', 'ok')]))
        .then([]);
    });

    it('refuses a chunk number that was never scheduled', () => {
      given(started())
        .when(chunk(7, []))
        .thenThrows((error) => /no chunk 7/.test(error.message));
    });
  });

  describe('when credits run out', () => {
    it('fails with the rows verified so far in the summary', () => {
      const history = [
        ...started(),
        ...given(started())
          .when(chunk(0, [result('a@x.test', 'ok')]))
          .events(),
      ];
      const [failed] = whenLoadingLast(history, { type: 'FailJob', reason: 'insufficient_credits', at: AT }).events();
      expect(failed.type).toBe('JobFailed');
      expect(failed.data).toMatchObject({
        reason: 'insufficient_credits',
        summary: { status: 'Failed', processedRows: 2, creditsCharged: 1 },
      });
    });

    it('fails only once', () => {
      const history = decidedHistory(
        verificationJobDecider,
        createJob(),
        { type: 'StartJob', at: AT },
        { type: 'FailJob', reason: 'insufficient_credits', at: AT },
      );
      given(history).when({ type: 'FailJob', reason: 'insufficient_credits', at: AT }).then([]);
    });
  });

  describe('when a chunk could hold fewer credits than its addresses', () => {
    it('finding 1: records what it verified and schedules the rest as a remainder chunk at its own level', () => {
      const rest = {
        items: [{ email: 'c@x.test', canonical: 'c@x.test', firstRow: 3, rows: 1 }],
        level: 0,
        notBefore: AT,
      };
      const events = given(started())
        .when({ ...chunk(0, [result('a@x.test', 'ok')]), remainder: rest })
        .events();
      expect(events.map((e) => e.type)).toEqual(['ChunkCompleted', 'ChunkRetryScheduled']);
      expect(events[1].data).toMatchObject({
        fromChunkNo: 0,
        retryChunkNo: 2,
        level: 0,
        remainder: true,
        items: rest.items,
      });
      expect(events[1].data).toMatchObject({ snapshot: { chunksScheduled: 3, chunksOpen: 2, creditsCharged: 1 } });
    });

    it('finding 1: schedules a greylisting retry and a remainder as two chunks', () => {
      const item = (email: string) => ({ email, canonical: email, firstRow: 1, rows: 1 });
      const events = given(started())
        .when({
          ...chunk(0, [result('a@x.test', 'ok')], { items: [item('g@x.test')], level: 1, notBefore: AT }),
          remainder: { items: [item('c@x.test')], level: 0, notBefore: AT },
        })
        .events();
      expect(events.slice(1).map((e) => e.data)).toMatchObject([
        { retryChunkNo: 2, level: 1, items: [item('g@x.test')] },
        { retryChunkNo: 3, level: 0, remainder: true, items: [item('c@x.test')] },
      ]);
      expect((events[1].data as { remainder?: true }).remainder).toBeUndefined();
    });
  });

  describe('when resumed after the balance ran out', () => {
    const failed = () =>
      decidedHistory(
        verificationJobDecider,
        createJob(),
        { type: 'StartJob', at: AT },
        chunk(0, [result('a@x.test', 'ok')]),
        {
          type: 'FailJob',
          reason: 'insufficient_credits',
          at: AT,
        },
      );
    const resume: VerificationJobCommand = { type: 'ResumeJob', accountId: 'acc-1', at: AT };

    it('finding 1: works again in a new run, keeping the done chunks and the charges', () => {
      const [resumed] = given(failed().slice(-2)).when(resume).events();
      expect(resumed).toMatchObject({
        type: 'JobResumed',
        data: { jobId: 42, run: 1, snapshot: { status: 'Processing', run: 1, creditsCharged: 1, chunksOpen: 1 } },
      });
    });

    it('finding 1: drops a record of the earlier run, so its delivery charges nothing', () => {
      const history = [...failed(), ...given(failed().slice(-2)).when(resume).events()];
      given(history.slice(-1))
        .when(chunk(1, [result('b@x.test', 'ok')]))
        .then([]);
      const [completed] = given(history.slice(-1))
        .when({ ...chunk(1, [result('b@x.test', 'ok')]), run: 1 })
        .events();
      expect(completed).toMatchObject({ type: 'ChunkCompleted', data: { chunkNo: 1, run: 1, charged: 1 } });
    });

    it('finding 1: refuses with 409 code 3020 a job that failed for another reason, or is running or completed', () => {
      const notResumable = (e: Error) => e instanceof DomainError && e.code === 3020 && e.status === 409;
      const otherFailure = decidedHistory(
        verificationJobDecider,
        createJob(),
        { type: 'StartJob', at: AT },
        { type: 'FailJob', reason: 'engine_down', at: AT },
      );
      given(otherFailure.slice(-2)).when(resume).thenThrows(notResumable);
      given(started()).when(resume).thenThrows(notResumable);
    });

    it('finding 1: changes nothing when a resume is retried while the resumed run works', () => {
      const resumed = [...failed(), ...given(failed().slice(-2)).when(resume).events()];
      given(resumed.slice(-2)).when(resume).then([]);
    });

    it("finding 1: answers 404 for another account's job", () => {
      given(failed().slice(-2))
        .when({ ...resume, accountId: 'acc-2' })
        .thenThrows((e) => e instanceof DomainError && e.code === 3001);
    });
  });

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

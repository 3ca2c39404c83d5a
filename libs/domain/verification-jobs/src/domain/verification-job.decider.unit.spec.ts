import { DomainError } from '@lib/common';
import { decidedHistory } from '@lib/common/testing';
import { VerificationJobCommand } from './verification-job.commands';
import { verificationJobDecider } from './verification-job.decider';
import { VerificationJobEvent } from './verification-job.events';
import { AT } from './verification-job.fixture';
import { chunk, createJob, given, result, started, whenLoadingLast } from './verification-job-decider.fixture';

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
});

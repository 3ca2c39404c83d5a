import { DomainError } from '@lib/common';
import { decidedHistory, deciderSpec } from '@lib/common/testing';
import type { PurgeJobFiles } from '@lib/jobs';
import { finderJobDecider, type FinderJobCommand } from './finder-job.decider';
import type { FinderJobEvent } from './finder-job.events';
import { AT, chunk, createJob, found, notFound, row } from './finder-job.fixture';

const create = createJob();
const completeChunk = chunk(0, [row(1)]);
const START: FinderJobCommand = { type: 'StartFinderJob', at: AT };
const FAIL: FinderJobCommand = { type: 'FailFinderJob', reason: 'insufficient_credits', at: AT };
const cancelBy = (accountId: string): FinderJobCommand => ({ type: 'CancelFinderJob', accountId, at: AT });

const given = deciderSpec(finderJobDecider);
/** What a load-'last' command runner sees: only the latest event folded. */
const whenLoadingLast = (history: FinderJobEvent[], command: FinderJobCommand) =>
  given(history.slice(-1)).when(command);
const purge = (at: string, retentionDays = 30): PurgeJobFiles => ({
  type: 'PurgeJobFiles',
  reason: 'retention',
  retentionDays,
  at,
});

describe('finder file job', () => {
  /** Two chunks over four data rows: one row without a usable contact, one person on two rows. */
  const twoChunks = () => createJob(2, { rows: 4, contacts: 2, invalid: 1 });
  const started = () => decidedHistory(finderJobDecider, twoChunks(), START);

  describe('when created', () => {
    it('is Pending and quotes 10 credits per distinct person', () => {
      given([])
        .when(twoChunks())
        .then([
          {
            type: 'FinderJobCreated',
            data: {
              jobId: 9,
              accountId: 'acc-1',
              kind: 'finder',
              file: expect.objectContaining({ name: 'contacts.csv' }),
              columns: expect.objectContaining({ domain: 1 }),
              chunkCount: 2,
              quote: 20,
              createdAt: AT,
              snapshot: {
                jobId: 9,
                accountId: 'acc-1',
                keyId: 'key-1',
                status: 'Pending',
                counts: { rows: 4, contacts: 2, invalid: 1 },
                chunksScheduled: 2,
                doneChunks: expect.any(String),
                processedContacts: 0,
                found: 0,
                notFound: 0,
                creditsCharged: 0,
              },
            },
          },
        ]);
    });

    it('refuses to create a job whose stream already exists', () => {
      given(decidedHistory(finderJobDecider, create))
        .when(create)
        .thenThrows((error) => /already exists/.test(error.message));
    });
  });

  describe('when started', () => {
    it('moves to Processing once, and a repeated start changes nothing', () => {
      expect(started().map((e) => e.type)).toEqual(['FinderJobCreated', 'FinderJobStarted']);
      given(started()).when(START).then([]);
      whenLoadingLast(started(), START).then([]);
    });

    it('completes at once a file without a usable contact (no chunk to look up)', () => {
      const empty = decidedHistory(finderJobDecider, createJob(0, { rows: 2, contacts: 0, invalid: 2 }));
      given(empty)
        .when(START)
        .then([
          {
            type: 'JobCompleted',
            data: {
              jobId: 9,
              accountId: 'acc-1',
              kind: 'finder',
              summary: {
                status: 'Completed',
                totalRows: 2,
                processedRows: 2,
                counts: { found: 0, notFound: 0, invalid: 2 },
                creditsCharged: 0,
                downloadPath: '/v1/finder/jobs/9/download',
              },
              finishedAt: AT,
            },
          },
        ]);
    });
  });

  describe('when a chunk completes', () => {
    it('counts found and not-found rows (a repeated person fills all its rows) and charges 10 per address found', () => {
      const [event] = given(started())
        .when(chunk(0, [row(1, found('jane.doe@acme.test'), [3])]))
        .events();
      expect(event.type).toBe('FinderChunkCompleted');
      expect(event.data).toMatchObject({
        chunkNo: 0,
        charged: 10,
        snapshot: { processedContacts: 2, found: 2, notFound: 0, creditsCharged: 10 },
      });
      const [miss] = whenLoadingLast([...started(), event], chunk(1, [row(2, notFound)])).events();
      expect(miss.data).toMatchObject({
        charged: 0,
        snapshot: { processedContacts: 3, found: 2, notFound: 1, creditsCharged: 10 },
      });
    });

    it('ignores a redelivered chunk, even when only the latest event is loaded', () => {
      const history = [
        ...started(),
        ...given(started())
          .when(chunk(0, [row(1, notFound)]))
          .events(),
      ];
      given(history)
        .when(chunk(0, [row(1, notFound)]))
        .then([]);
      whenLoadingLast(history, chunk(0, [row(1, notFound)])).then([]);
    });

    it('completes the job with the contract summary when its last chunk completes', () => {
      const history = decidedHistory(
        finderJobDecider,
        twoChunks(),
        START,
        chunk(0, [row(1, found('jane.doe@acme.test'), [3])]),
      );
      const events = whenLoadingLast(history, chunk(1, [row(2, notFound)])).events();
      expect(events.map((e) => e.type)).toEqual(['FinderChunkCompleted', 'JobCompleted']);
      expect(events[1].data).toEqual({
        jobId: 9,
        accountId: 'acc-1',
        kind: 'finder',
        summary: {
          status: 'Completed',
          totalRows: 4,
          processedRows: 4,
          counts: { found: 2, notFound: 1, invalid: 1 },
          creditsCharged: 10,
          downloadPath: '/v1/finder/jobs/9/download',
        },
        finishedAt: AT,
      });
    });

    it('drops results that arrive before the start or after a cancel: their hold is released, nothing charged', () => {
      given(decidedHistory(finderJobDecider, create))
        .when(chunk(0, [row(1, notFound)]))
        .then([]);
      const cancelled = decidedHistory(finderJobDecider, twoChunks(), START, cancelBy('acc-1'));
      given(cancelled)
        .when(chunk(0, [row(1, found('jane.doe@acme.test'))]))
        .then([]);
    });
  });

  describe('when credits run out', () => {
    it('fails with the rows looked up so far in the summary', () => {
      const history = decidedHistory(
        finderJobDecider,
        twoChunks(),
        START,
        chunk(0, [row(1, found('jane.doe@acme.test'))]),
      );
      whenLoadingLast(history, FAIL).then([
        {
          type: 'JobFailed',
          data: {
            jobId: 9,
            accountId: 'acc-1',
            kind: 'finder',
            reason: 'insufficient_credits',
            summary: {
              status: 'Failed',
              totalRows: 4,
              processedRows: 2,
              counts: { found: 1, notFound: 0, invalid: 1 },
              creditsCharged: 10,
              downloadPath: '/v1/finder/jobs/9/download',
            },
            finishedAt: AT,
          },
        },
      ]);
    });

    it('fails only once, and a failed job records no more chunks', () => {
      const failed = decidedHistory(finderJobDecider, twoChunks(), START, FAIL);
      given(failed).when(FAIL).then([]);
      whenLoadingLast(failed, chunk(1, [row(2, notFound)])).then([]);
    });
  });

  describe('when cancelled', () => {
    it('cancels a Pending job, after which it cannot be started', () => {
      const history = decidedHistory(finderJobDecider, create, cancelBy('acc-1'));
      expect(history.map((e) => e.type)).toEqual(['FinderJobCreated', 'FinderJobCancelled']);
      expect(history[1].data).toMatchObject({ jobId: 9, accountId: 'acc-1', cancelledAt: AT });
      given(history).when(START).then([]);
    });

    it('refuses with 400 code 3002 once the job is Completed or Cancelled', () => {
      const cancelled = decidedHistory(finderJobDecider, create, cancelBy('acc-1'));
      given(cancelled)
        .when(cancelBy('acc-1'))
        .thenThrows((error) => error instanceof DomainError && error.code === 3002 && error.status === 400);
      const completed = decidedHistory(finderJobDecider, create, START, completeChunk);
      whenLoadingLast(completed, cancelBy('acc-1')).thenThrows('JOB_NOT_CANCELLABLE');
    });

    it('answers 404 to another account, running or ended, as if the job did not exist', () => {
      given(started()).when(cancelBy('intruder')).thenThrows('JOB_NOT_FOUND');
      const completed = decidedHistory(finderJobDecider, create, START, completeChunk);
      whenLoadingLast(completed, cancelBy('intruder')).thenThrows('JOB_NOT_FOUND');
      given([]).when(cancelBy('acc-1')).thenThrows('JOB_NOT_FOUND');
    });
  });

  describe('when its files are purged for retention', () => {
    const completed = () => decidedHistory(finderJobDecider, create, { type: 'StartFinderJob', at: AT }, completeChunk);

    it('records JobFilesPurged with kind finder once it ended more than the retention ago', () => {
      expect(completed().map((e) => e.type)).toEqual([
        'FinderJobCreated',
        'FinderJobStarted',
        'FinderChunkCompleted',
        'JobCompleted',
      ]);
      whenLoadingLast(completed(), purge('2026-01-31T00:00:00.000Z')).then([
        {
          type: 'JobFilesPurged',
          data: {
            jobId: 9,
            accountId: 'acc-1',
            kind: 'finder',
            status: 'Completed',
            finishedAt: AT,
            reason: 'retention',
            retentionDays: 30,
            purgedAt: '2026-01-31T00:00:00.000Z',
          },
        },
      ]);
    });

    it('keeps a job within the retention and never purges a running one', () => {
      whenLoadingLast(completed(), purge('2026-01-30T23:59:59.999Z')).then([]);
      whenLoadingLast(
        decidedHistory(finderJobDecider, create, { type: 'StartFinderJob', at: AT }),
        purge('2030-01-01T00:00:00.000Z'),
      ).then([]);
    });

    it('purges a cancelled job once, and it stays not cancellable', () => {
      const cancelled = decidedHistory(finderJobDecider, create, {
        type: 'CancelFinderJob',
        accountId: 'acc-1',
        at: AT,
      });
      const purged = whenLoadingLast(cancelled, purge('2026-03-01T00:00:00.000Z')).events();
      expect(purged[0].data).toMatchObject({ status: 'Cancelled', finishedAt: AT });
      const history = [...cancelled, ...purged];
      whenLoadingLast(history, purge('2026-04-01T00:00:00.000Z')).then([]);
      whenLoadingLast(history, { type: 'CancelFinderJob', accountId: 'acc-1', at: AT }).thenThrows(
        'JOB_NOT_CANCELLABLE',
      );
    });
  });
});

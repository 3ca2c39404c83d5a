import { decidedHistory, deciderSpec } from '@lib/common/testing';
import type { PurgeJobFiles } from '@lib/jobs';
import { finderJobDecider, type FinderJobCommand } from './finder-job.decider';
import type { FinderJobEvent } from './finder-job.events';

const AT = '2026-01-01T00:00:00.000Z';

const create: FinderJobCommand = {
  type: 'CreateFinderJob',
  jobId: 9,
  accountId: 'acc-1',
  chunkCount: 1,
  at: AT,
  file: {
    name: 'contacts.csv',
    blobKey: 'jobs/9/original',
    planKey: 'jobs/9/finder-plan.jsonl',
    sizeBytes: 40,
    delimiter: ',',
    hasBom: false,
    hasHeader: true,
    columnCount: 2,
  },
  columns: { firstName: 0, lastName: null, domain: 1, domainSource: 'domain', chosenBy: 'header' },
  counts: { rows: 1, contacts: 1, invalid: 0 },
};
const notFound = {
  email: null,
  status: 'Not Found',
  quality: null,
  result: null,
  reason: 'not_found',
  confidence: 0,
  provider: '',
  probesUsed: 3,
  pattern: null,
  executionMs: 30,
} as const;
const completeChunk: FinderJobCommand = {
  type: 'CompleteFinderChunk',
  chunkNo: 0,
  at: AT,
  results: [{ row: 1, input: { firstName: 'Jane', lastName: null, domain: 'acme.test' }, outcome: notFound }],
};

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

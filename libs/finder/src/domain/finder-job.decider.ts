import { Decider, DomainError } from '@lib/common';
import {
  countChunks,
  decidePurge,
  EMPTY_BITMAP,
  hasChunk,
  purgedJob,
  withChunk,
  type EndedJob,
  type JobFile,
  type JobSummary,
  type PurgeJobFiles,
} from '@lib/jobs';
import { chargeForOutcome, FINDER_PRICE } from './finder-call.decider';
import { rowsOf } from '../create-finder-job/finder-job-plan';
import type {
  FinderColumnsChoice,
  FinderJobCounts,
  FinderJobEvent,
  FinderJobRowResult,
  FinderJobSnapshot,
} from './finder-job.events';
import { FINDER_JOB_UPCASTERS } from './finder-job.upcast';

export type FinderJobCommand =
  | {
      type: 'CreateFinderJob';
      jobId: number;
      accountId: string;
      keyId?: string;
      file: JobFile;
      columns: FinderColumnsChoice;
      counts: FinderJobCounts;
      chunkCount: number;
      at: string;
    }
  | { type: 'StartFinderJob'; at: string }
  | { type: 'CompleteFinderChunk'; chunkNo: number; results: FinderJobRowResult[]; at: string }
  | { type: 'FailFinderJob'; reason: string; at: string }
  | { type: 'CancelFinderJob'; accountId: string; at: string }
  | PurgeJobFiles;

export type FinderJobState =
  { status: 'Initial' } | { status: 'Pending' | 'Processing'; snapshot: FinderJobSnapshot } | EndedJob;

export const finderJobDownloadPath = (jobId: number): string => `/v1/finder/jobs/${jobId}/download`;

function summary(s: FinderJobSnapshot, status: JobSummary['status']): JobSummary {
  return {
    status,
    totalRows: s.counts.rows,
    processedRows: s.processedContacts + s.counts.invalid,
    counts: { found: s.found, notFound: s.notFound, invalid: s.counts.invalid },
    creditsCharged: s.creditsCharged,
    downloadPath: finderJobDownloadPath(s.jobId),
  };
}

function completeChunk(
  command: Extract<FinderJobCommand, { type: 'CompleteFinderChunk' }>,
  s: FinderJobSnapshot,
): FinderJobEvent[] {
  // A redelivered chunk, or one arriving after a cancel: nothing recorded, so its hold is released.
  if (s.status !== 'Processing' || hasChunk(s.doneChunks, command.chunkNo)) return [];
  // Counts are per row (a repeated person fills all its rows); the charge is per person looked up.
  const rows = command.results.reduce((sum, r) => sum + rowsOf(r), 0);
  const found = command.results.reduce((sum, r) => sum + (r.outcome.email ? rowsOf(r) : 0), 0);
  const charged = command.results.reduce((sum, r) => sum + chargeForOutcome(r.outcome), 0);
  const after: FinderJobSnapshot = {
    ...s,
    doneChunks: withChunk(s.doneChunks, command.chunkNo),
    processedContacts: s.processedContacts + rows,
    found: s.found + found,
    notFound: s.notFound + rows - found,
    creditsCharged: s.creditsCharged + charged,
  };
  const events: FinderJobEvent[] = [
    {
      type: 'FinderChunkCompleted',
      data: {
        jobId: s.jobId,
        chunkNo: command.chunkNo,
        results: command.results,
        charged,
        completedAt: command.at,
        snapshot: after,
      },
    },
  ];
  if (countChunks(after.doneChunks) === after.chunksScheduled) {
    events.push({
      type: 'JobCompleted',
      data: {
        jobId: s.jobId,
        accountId: s.accountId,
        kind: 'finder',
        summary: summary(after, 'Completed'),
        finishedAt: command.at,
      },
    });
  }
  return events;
}

/** Finder file jobs: Pending -> Processing -> Completed, or Cancelled / Failed on the way. */
export const finderJobDecider: Decider<FinderJobCommand, FinderJobEvent, FinderJobState> = {
  initialState: { status: 'Initial' },

  decide(command, state) {
    const active = state.status === 'Pending' || state.status === 'Processing' ? state.snapshot : null;
    switch (command.type) {
      case 'CreateFinderJob': {
        if (state.status !== 'Initial') throw new Error(`job ${command.jobId} already exists`);
        const { jobId, accountId, keyId, file, columns, counts, chunkCount, at } = command;
        const snapshot: FinderJobSnapshot = {
          jobId,
          accountId,
          ...(keyId ? { keyId } : {}),
          status: 'Pending',
          counts,
          chunksScheduled: chunkCount,
          doneChunks: EMPTY_BITMAP,
          processedContacts: 0,
          found: 0,
          notFound: 0,
          creditsCharged: 0,
        };
        return [
          {
            type: 'FinderJobCreated',
            data: {
              jobId,
              accountId,
              kind: 'finder',
              file,
              columns,
              chunkCount,
              quote: counts.contacts * FINDER_PRICE,
              createdAt: at,
              snapshot,
            },
          },
        ];
      }
      case 'StartFinderJob':
        if (!active || active.status !== 'Pending') return [];
        if (active.chunksScheduled === 0) {
          return [
            {
              type: 'JobCompleted',
              data: {
                jobId: active.jobId,
                accountId: active.accountId,
                kind: 'finder',
                summary: summary(active, 'Completed'),
                finishedAt: command.at,
              },
            },
          ];
        }
        return [
          {
            type: 'FinderJobStarted',
            data: { jobId: active.jobId, startedAt: command.at, snapshot: { ...active, status: 'Processing' } },
          },
        ];
      case 'CompleteFinderChunk':
        return active ? completeChunk(command, active) : [];
      case 'FailFinderJob':
        return active
          ? [
              {
                type: 'JobFailed',
                data: {
                  jobId: active.jobId,
                  accountId: active.accountId,
                  kind: 'finder',
                  reason: command.reason,
                  summary: summary(active, 'Failed'),
                  finishedAt: command.at,
                },
              },
            ]
          : [];
      case 'CancelFinderJob': {
        if (
          state.status === 'Initial' ||
          (active ? active.accountId : (state as EndedJob).accountId) !== command.accountId
        )
          throw new DomainError('JOB_NOT_FOUND');
        if (!active)
          throw new DomainError(
            'JOB_NOT_CANCELLABLE',
            `The job is ${state.status}; only Pending or Processing jobs can be cancelled.`,
          );
        return [
          {
            type: 'FinderJobCancelled',
            data: { jobId: active.jobId, accountId: active.accountId, cancelledAt: command.at, snapshot: active },
          },
        ];
      }
      case 'PurgeJobFiles':
        return decidePurge(state.status === 'Initial' || active ? null : (state as EndedJob), command);
    }
  },

  upcasters: FINDER_JOB_UPCASTERS,

  evolve(state, event) {
    switch (event.type) {
      case 'JobCompleted':
      case 'JobFailed': {
        const { jobId, accountId, finishedAt } = event.data;
        return {
          status: event.type === 'JobCompleted' ? 'Completed' : 'Failed',
          jobId,
          accountId,
          kind: 'finder',
          finishedAt,
          filesPurgedAt: null,
        };
      }
      case 'FinderJobCancelled':
        return {
          status: 'Cancelled',
          jobId: event.data.jobId,
          accountId: event.data.accountId,
          kind: 'finder',
          finishedAt: event.data.cancelledAt,
          filesPurgedAt: null,
        };
      case 'JobFilesPurged':
        return purgedJob(event);
      default:
        return { status: event.data.snapshot.status, snapshot: event.data.snapshot };
    }
  },
};

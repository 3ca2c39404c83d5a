import { Decider } from '@lib/common';
import {
  assertNewJob,
  cancellableSnapshot,
  chunkRecordable,
  decideFailure,
  decideFilesPurge,
  evolveJob,
  EMPTY_BITMAP,
  jobCompleted,
  startableSnapshot,
  withChunk,
  countChunks,
  type JobFile,
  type JobKindEnding,
  type JobLifecycleState,
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

export type FinderJobState = JobLifecycleState<FinderJobSnapshot>;

export const finderJobDownloadPath = (jobId: number): string => `/v1/finder/jobs/${jobId}/download`;

const FINDER_ENDING: JobKindEnding<FinderJobSnapshot> = {
  kindOf: () => 'finder',
  cancelledEventType: 'FinderJobCancelled',
  summary: (s, status) => ({
    status,
    totalRows: s.counts.rows,
    processedRows: s.processedContacts + s.counts.invalid,
    counts: { found: s.found, notFound: s.notFound, invalid: s.counts.invalid },
    creditsCharged: s.creditsCharged,
    downloadPath: finderJobDownloadPath(s.jobId),
  }),
};

function create(
  command: Extract<FinderJobCommand, { type: 'CreateFinderJob' }>,
  state: FinderJobState,
): FinderJobEvent[] {
  assertNewJob(state, command.jobId);
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
  const quote = counts.contacts * FINDER_PRICE;
  return [
    {
      type: 'FinderJobCreated',
      data: { jobId, accountId, kind: 'finder', file, columns, chunkCount, quote, createdAt: at, snapshot },
    },
  ];
}

/** A file without a usable contact has no chunk: it completes as it starts. */
function start(at: string, state: FinderJobState): FinderJobEvent[] {
  const s = startableSnapshot(state);
  if (!s) return [];
  if (s.chunksScheduled === 0) return [jobCompleted(FINDER_ENDING, s, at)];
  return [
    { type: 'FinderJobStarted', data: { jobId: s.jobId, startedAt: at, snapshot: { ...s, status: 'Processing' } } },
  ];
}

function completeChunk(
  command: Extract<FinderJobCommand, { type: 'CompleteFinderChunk' }>,
  state: FinderJobState,
): FinderJobEvent[] {
  const s = chunkRecordable(state, command.chunkNo);
  if (!s) return [];
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
  if (countChunks(after.doneChunks) === after.chunksScheduled)
    events.push(jobCompleted(FINDER_ENDING, after, command.at));
  return events;
}

/** Finder file jobs: the shared job lifecycle (job-lifecycle.ts in @lib/jobs) with contacts and finder outcomes. */
export const finderJobDecider: Decider<FinderJobCommand, FinderJobEvent, FinderJobState> = {
  initialState: { status: 'Initial' },
  upcasters: FINDER_JOB_UPCASTERS,

  decide(command, state) {
    switch (command.type) {
      case 'CreateFinderJob':
        return create(command, state);
      case 'StartFinderJob':
        return start(command.at, state);
      case 'CompleteFinderChunk':
        return completeChunk(command, state);
      case 'FailFinderJob':
        return decideFailure(FINDER_ENDING, state, command);
      case 'CancelFinderJob': {
        const snapshot = cancellableSnapshot(state, command.accountId);
        const { jobId, accountId } = snapshot;
        return [{ type: 'FinderJobCancelled', data: { jobId, accountId, cancelledAt: command.at, snapshot } }];
      }
      case 'PurgeJobFiles':
        return decideFilesPurge(state, command);
    }
  },

  evolve: (state, event) => evolveJob(FINDER_ENDING, state, event),
};

import { Decider, DomainError } from '@lib/common';
import { creditsFor } from '@lib/verification';
import { hasChunk, withChunk, EMPTY_BITMAP } from './chunk-bitmap';
import { decidePurge, EndedJob, purgedJob } from './job-files-purge';
import { CancelJob, CompleteChunk, CreateJob, FailJob, JobCommand } from './job.commands';
import { ChunkResult, JobCounts, JobEvent, JobSnapshot, JobSummary, ResultName } from './job.events';
import { JOB_UPCASTERS } from './job.upcast';

/**
 * `snapshot` is the last non-terminal decision state; an ended state keeps it when the event before the
 * terminal one was folded too (the worker reads two events to know which chunks were done).
 */
export type JobState =
  | { status: 'Initial' }
  | { status: 'Pending' | 'Processing'; jobId: number; accountId: string; snapshot: JobSnapshot }
  | (EndedJob & { snapshot: JobSnapshot | null });

export const jobStream = (jobId: number | string): string => `jobs-${jobId}`;
export const jobDownloadPath = (jobId: number): string => `/v1/jobs/${jobId}/download`;

/** What a chunk costs: each address at the verification price of its verdict. */
export const chargeFor = (results: ChunkResult[]): number =>
  results.reduce((sum, r) => sum + creditsFor(r.verdict.result), 0);

export const emptyCounts = (): Record<ResultName, number> => ({
  ok: 0,
  invalid: 0,
  catch_all: 0,
  unknown: 0,
  disposable: 0,
  error: 0,
});

const TERMINAL: ReadonlySet<string> = new Set(['Completed', 'Cancelled', 'Failed']);
export const isTerminal = (status: string): boolean => TERMINAL.has(status);

function active(state: JobState): JobSnapshot | null {
  return state.status === 'Pending' || state.status === 'Processing' ? state.snapshot : null;
}

function ended(state: JobState): EndedJob | null {
  return isTerminal(state.status) ? (state as EndedJob) : null;
}

function summary(snapshot: JobSnapshot, status: JobSummary['status']): JobSummary {
  return {
    status,
    totalRows: snapshot.totalRows,
    processedRows: snapshot.processedRows,
    counts: { ...snapshot.counts },
    creditsCharged: snapshot.creditsCharged,
    downloadPath: jobDownloadPath(snapshot.jobId),
  };
}

const decidedAtUpload = (counts: JobCounts): number => counts.blank ?? counts.invalidSyntax;

function create(command: CreateJob, state: JobState): JobEvent[] {
  if (state.status !== 'Initial') throw new Error(`job ${command.jobId} already exists`);
  const { counts } = command;
  const snapshot: JobSnapshot = {
    jobId: command.jobId,
    accountId: command.accountId,
    ...(command.keyId ? { keyId: command.keyId } : {}),
    kind: command.kind,
    status: 'Pending',
    totalRows: counts.rows,
    totalAddresses: counts.uniqueAddresses,
    chunksScheduled: command.chunkCount,
    chunksOpen: command.chunkCount,
    doneChunks: EMPTY_BITMAP,
    processedRows: decidedAtUpload(counts),
    processedAddresses: 0,
    // Rows with an empty email cell are decided at upload: invalid, and free (nothing was verified).
    counts: { ...emptyCounts(), invalid: decidedAtUpload(counts) },
    creditsCharged: 0,
  };
  const { type: _type, at, ...fields } = command;
  return [{ type: 'JobCreated', data: { ...fields, quote: counts.uniqueAddresses, createdAt: at, snapshot } }];
}

function completeChunk(command: CompleteChunk, snapshot: JobSnapshot | null): JobEvent[] {
  // Results arriving after a cancel or a failure are dropped: their hold is released, nothing is charged.
  if (!snapshot || snapshot.status !== 'Processing' || hasChunk(snapshot.doneChunks, command.chunkNo)) return [];
  if (command.chunkNo >= snapshot.chunksScheduled)
    throw new Error(`job ${snapshot.jobId} has no chunk ${command.chunkNo}`);
  const charged = chargeFor(command.results);
  const counts = { ...snapshot.counts };
  for (const r of command.results) counts[r.verdict.result] += r.rows;
  const retrying = command.retry && command.retry.items.length > 0 ? command.retry : null;
  const after: JobSnapshot = {
    ...snapshot,
    doneChunks: withChunk(snapshot.doneChunks, command.chunkNo),
    chunksScheduled: snapshot.chunksScheduled + (retrying ? 1 : 0),
    chunksOpen: snapshot.chunksOpen - 1 + (retrying ? 1 : 0),
    processedRows: snapshot.processedRows + command.results.reduce((sum, r) => sum + r.rows, 0),
    processedAddresses: snapshot.processedAddresses + command.results.length,
    counts,
    creditsCharged: snapshot.creditsCharged + charged,
  };
  const events: JobEvent[] = [
    {
      type: 'ChunkCompleted',
      data: {
        jobId: snapshot.jobId,
        chunkNo: command.chunkNo,
        results: command.results,
        charged,
        completedAt: command.at,
        snapshot: after,
      },
    },
  ];
  if (retrying) {
    events.push({
      type: 'ChunkRetryScheduled',
      data: {
        jobId: snapshot.jobId,
        fromChunkNo: command.chunkNo,
        retryChunkNo: snapshot.chunksScheduled,
        level: retrying.level,
        notBefore: retrying.notBefore,
        items: retrying.items,
        snapshot: after,
      },
    });
  }
  if (after.chunksOpen === 0) {
    events.push({
      type: 'JobCompleted',
      data: {
        jobId: after.jobId,
        accountId: after.accountId,
        kind: after.kind,
        summary: summary(after, 'Completed'),
        finishedAt: command.at,
      },
    });
  }
  return events;
}

function fail(command: FailJob, snapshot: JobSnapshot | null): JobEvent[] {
  if (!snapshot) return [];
  return [
    {
      type: 'JobFailed',
      data: {
        jobId: snapshot.jobId,
        accountId: snapshot.accountId,
        kind: snapshot.kind,
        reason: command.reason,
        summary: summary(snapshot, 'Failed'),
        finishedAt: command.at,
      },
    },
  ];
}

function cancel(command: CancelJob, state: JobState): JobEvent[] {
  if (state.status === 'Initial' || state.accountId !== command.accountId) throw new DomainError('JOB_NOT_FOUND');
  const snapshot = active(state);
  if (!snapshot)
    throw new DomainError(
      'JOB_NOT_CANCELLABLE',
      `The job is ${state.status}; only Pending or Processing jobs can be cancelled.`,
    );
  return [
    {
      type: 'JobCancelled',
      data: { jobId: snapshot.jobId, accountId: snapshot.accountId, cancelledAt: command.at, snapshot },
    },
  ];
}

export const jobDecider: Decider<JobCommand, JobEvent, JobState> = {
  initialState: { status: 'Initial' },
  upcasters: JOB_UPCASTERS,

  decide(command, state) {
    switch (command.type) {
      case 'CreateJob':
        return create(command, state);
      case 'StartJob': {
        const snapshot = active(state);
        if (!snapshot || snapshot.status !== 'Pending') return []; // already started, or cancelled before dispatch
        return [
          {
            type: 'JobStarted',
            data: { jobId: snapshot.jobId, startedAt: command.at, snapshot: { ...snapshot, status: 'Processing' } },
          },
        ];
      }
      case 'CompleteChunk':
        return completeChunk(command, active(state));
      case 'FailJob':
        return fail(command, active(state));
      case 'CancelJob':
        return cancel(command, state);
      case 'PurgeJobFiles':
        return decidePurge(ended(state), command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'JobCompleted':
      case 'JobFailed': {
        const { jobId, accountId, kind, finishedAt } = event.data;
        return {
          status: event.type === 'JobCompleted' ? 'Completed' : 'Failed',
          jobId,
          accountId,
          kind,
          finishedAt,
          filesPurgedAt: null,
          snapshot: previousSnapshot(state),
        };
      }
      case 'JobCancelled': {
        const { jobId, accountId, cancelledAt, snapshot } = event.data;
        return {
          status: 'Cancelled',
          jobId,
          accountId,
          kind: snapshot.kind,
          finishedAt: cancelledAt,
          filesPurgedAt: null,
          snapshot,
        };
      }
      case 'JobFilesPurged':
        return { ...purgedJob(event), snapshot: previousSnapshot(state) };
      default: {
        const snapshot = event.data.snapshot;
        return { status: snapshot.status, jobId: snapshot.jobId, accountId: snapshot.accountId, snapshot };
      }
    }
  },
};

function previousSnapshot(state: JobState): JobSnapshot | null {
  return state.status === 'Initial' ? null : state.snapshot;
}

/** Whether a chunk's results were recorded (only answerable when the state has a snapshot). */
export function chunkDone(state: JobState, chunkNo: number): boolean | null {
  if (state.status === 'Initial' || !state.snapshot) return null;
  return hasChunk(state.snapshot.doneChunks, chunkNo);
}

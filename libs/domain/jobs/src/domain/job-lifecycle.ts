import { DomainError } from '@lib/common';
import { hasChunk, type DoneChunks } from './chunk-bitmap';
import { decidePurge, purgedJob, type EndedJob } from './job-files-purge';
import type { PurgeJobFiles } from './job.commands';
import type { JobCompleted, JobFailed, JobFilesPurged, JobKind, JobSummary } from './job.events';

// The lifecycle every job kind's `jobs-<id>` stream shares (Pending -> Processing -> Completed, or
// Cancelled / Failed on the way, then a files purge), decided once here. A kind's decider keeps what is
// its own: how a job is created, what a chunk's results count and cost, and its event types.

/** The decision state every kind's non-terminal event carries (`snapshot`), so a command folds only the latest one. */
export interface RunningSnapshot {
  jobId: number;
  accountId: string;
  status: 'Pending' | 'Processing';
  doneChunks: DoneChunks;
}

/**
 * A job stream's state, for any kind. `snapshot` of an ended job is the last running one when the event
 * before the end was folded too (a worker reads two events to know which chunks were done), else null.
 */
export type JobLifecycleState<S extends RunningSnapshot> =
  { status: 'Initial' } | { status: 'Pending' | 'Processing'; snapshot: S } | (EndedJob & { snapshot: S | null });

/** What the shared lifecycle needs of a kind: the `kind` its end events store, its cancel event and its summary for webhooks. */
export interface JobKindEnding<S extends RunningSnapshot> {
  kindOf(snapshot: S): JobKind;
  /** The type of the kind's own cancelled event (its data: `jobId`, `accountId`, `cancelledAt`, `snapshot`). */
  cancelledEventType: string;
  summary(snapshot: S, status: JobSummary['status']): JobSummary;
}

const TERMINAL: ReadonlySet<string> = new Set(['Completed', 'Cancelled', 'Failed']);
export const isTerminal = (status: string): boolean => TERMINAL.has(status);

export function runningSnapshot<S extends RunningSnapshot>(state: JobLifecycleState<S>): S | null {
  return state.status === 'Pending' || state.status === 'Processing' ? state.snapshot : null;
}

export function endedJob<S extends RunningSnapshot>(state: JobLifecycleState<S>): EndedJob | null {
  return isTerminal(state.status) ? (state as EndedJob) : null;
}

/** A job is created once: a second create on its stream is a bug (job ids are fresh), not a request to refuse. */
export function assertNewJob<S extends RunningSnapshot>(state: JobLifecycleState<S>, jobId: number): void {
  if (state.status !== 'Initial') throw new Error(`job ${jobId} already exists`);
}

/**
 * The job a chunk's results are recorded on: a Processing one that has not recorded this chunk. Results
 * redelivered, or arriving after a cancel or a failure, are dropped: their hold is released, nothing is charged.
 */
export function chunkRecordable<S extends RunningSnapshot>(state: JobLifecycleState<S>, chunkNo: number): S | null {
  const snapshot = runningSnapshot(state);
  if (!snapshot || snapshot.status !== 'Processing' || hasChunk(snapshot.doneChunks, chunkNo)) return null;
  return snapshot;
}

/** Why a job fails when the balance cannot pay for its next row. */
export const INSUFFICIENT_CREDITS_FAILURE = 'insufficient_credits';
/**
 * Why a job fails when the monthly credit cap of the API key it was started with leaves nothing for its next
 * row (HoldCredits.key): its rows count toward the key's month like the key's paid calls.
 */
export const KEY_CREDIT_CAP_FAILURE = 'key_credit_cap_reached';
/** The failures for credits a chunk's hold may end a job with: the ones a resume undoes (files kept). */
export type CreditsFailure = typeof INSUFFICIENT_CREDITS_FAILURE | typeof KEY_CREDIT_CAP_FAILURE;
export const isCreditsFailure = (reason: string | null | undefined): reason is CreditsFailure =>
  reason === INSUFFICIENT_CREDITS_FAILURE || reason === KEY_CREDIT_CAP_FAILURE;

/**
 * The snapshot a resume continues from: only the owner's job (anyone else's is not found), failed because
 * the balance ran out or its key's monthly cap was reached, with its files kept (the undone rows are read from them again) and its running
 * snapshot folded (load the two latest events: the failure and the one before it).
 */
export function resumableSnapshot<S extends RunningSnapshot>(state: JobLifecycleState<S>, accountId: string): S {
  if (state.status === 'Initial') throw new DomainError('JOB_NOT_FOUND');
  const owner = state.snapshot ? state.snapshot.accountId : (state as EndedJob).accountId;
  if (owner !== accountId) throw new DomainError('JOB_NOT_FOUND');
  const ended = endedJob(state);
  if (
    ended?.status !== 'Failed' ||
    !isCreditsFailure(ended.failureReason) ||
    ended.filesPurgedAt !== null ||
    !state.snapshot
  )
    throw new DomainError(
      'JOB_NOT_RESUMABLE',
      ended?.filesPurgedAt
        ? "The job's files were deleted under the data-retention policy: upload the list again."
        : `The job is ${state.status}; only a job stopped because the balance or its key's monthly cap ran out can be resumed.`,
    );
  return state.snapshot;
}

/** The job a start moves on: only a Pending one (a Processing job was started by an earlier delivery, an ended one was cancelled before dispatch). */
export function startableSnapshot<S extends RunningSnapshot>(state: JobLifecycleState<S>): S | null {
  const snapshot = runningSnapshot(state);
  return snapshot?.status === 'Pending' ? snapshot : null;
}

/** The snapshot a cancel records: only the owner's job (anyone else's is not found), and only while it runs. */
export function cancellableSnapshot<S extends RunningSnapshot>(state: JobLifecycleState<S>, accountId: string): S {
  if (state.status === 'Initial') throw new DomainError('JOB_NOT_FOUND');
  const snapshot = runningSnapshot(state);
  const owner = snapshot ? snapshot.accountId : (state as EndedJob).accountId;
  if (owner !== accountId) throw new DomainError('JOB_NOT_FOUND');
  if (!snapshot)
    throw new DomainError(
      'JOB_NOT_CANCELLABLE',
      `The job is ${state.status}; only Pending or Processing jobs can be cancelled.`,
    );
  return snapshot;
}

export function jobCompleted<S extends RunningSnapshot>(
  ending: JobKindEnding<S>,
  snapshot: S,
  at: string,
): JobCompleted {
  const { jobId, accountId } = snapshot;
  return {
    type: 'JobCompleted',
    data: {
      jobId,
      accountId,
      kind: ending.kindOf(snapshot),
      summary: ending.summary(snapshot, 'Completed'),
      finishedAt: at,
    },
  };
}

/** A failure ends a running job with what it recorded so far; an ended job stays as it ended. */
export function decideFailure<S extends RunningSnapshot>(
  ending: JobKindEnding<S>,
  state: JobLifecycleState<S>,
  command: { reason: string; at: string },
): JobFailed[] {
  const snapshot = runningSnapshot(state);
  if (!snapshot) return [];
  const { jobId, accountId } = snapshot;
  const summary = ending.summary(snapshot, 'Failed');
  return [
    {
      type: 'JobFailed',
      data: {
        jobId,
        accountId,
        kind: ending.kindOf(snapshot),
        reason: command.reason,
        summary,
        finishedAt: command.at,
      },
    },
  ];
}

export const decideFilesPurge = <S extends RunningSnapshot>(
  state: JobLifecycleState<S>,
  command: PurgeJobFiles,
): JobFilesPurged[] => decidePurge(endedJob(state), command);

/** The state after a kind's cancelled event. */
export function cancelledState<S extends RunningSnapshot>(
  ending: JobKindEnding<S>,
  data: { jobId: number; accountId: string; cancelledAt: string; snapshot: S },
): JobLifecycleState<S> {
  const { jobId, accountId, cancelledAt, snapshot } = data;
  const kind = ending.kindOf(snapshot);
  return { status: 'Cancelled', jobId, accountId, kind, finishedAt: cancelledAt, filesPurgedAt: null, snapshot };
}

/** The state after an end (completed, failed) or a purge, keeping the snapshot folded before it. */
export function endedState<S extends RunningSnapshot>(
  state: JobLifecycleState<S>,
  event: JobCompleted | JobFailed | JobFilesPurged,
): JobLifecycleState<S> {
  const snapshot = state.status === 'Initial' ? null : state.snapshot;
  if (event.type === 'JobFilesPurged') return { ...purgedJob(event), snapshot };
  const { jobId, accountId, kind, finishedAt } = event.data;
  if (event.type === 'JobCompleted')
    return { status: 'Completed', jobId, accountId, kind, finishedAt, filesPurgedAt: null, snapshot };
  const failureReason = event.data.reason;
  return { status: 'Failed', jobId, accountId, kind, finishedAt, filesPurgedAt: null, failureReason, snapshot };
}

/** The state after a non-terminal event: the snapshot it carries. */
export const runningState = <S extends RunningSnapshot>(snapshot: S): JobLifecycleState<S> => ({
  status: snapshot.status,
  snapshot,
});

/** A kind's cancelled event, as the lifecycle folds it. */
interface KindCancelled<S extends RunningSnapshot> {
  type: string;
  data: { jobId: number; accountId: string; cancelledAt: string; snapshot: S };
}

/**
 * The state after any event of a kind's stream: the shared end events and the kind's cancel end it; every
 * other event of the kind carries its snapshot (job.events.ts: every non-terminal event does).
 */
export function evolveJob<S extends RunningSnapshot>(
  ending: JobKindEnding<S>,
  state: JobLifecycleState<S>,
  event: JobCompleted | JobFailed | JobFilesPurged | KindCancelled<S> | { type: string; data: { snapshot: S } },
): JobLifecycleState<S> {
  if (event.type === 'JobCompleted' || event.type === 'JobFailed' || event.type === 'JobFilesPurged')
    return endedState(state, event as JobCompleted | JobFailed | JobFilesPurged);
  if (event.type === ending.cancelledEventType) return cancelledState(ending, (event as KindCancelled<S>).data);
  return runningState((event as { data: { snapshot: S } }).data.snapshot);
}

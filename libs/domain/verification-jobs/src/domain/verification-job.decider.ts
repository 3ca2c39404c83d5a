import { Decider } from '@lib/common';
import { creditsFor } from '@lib/paid-verification';
import {
  CancelJob,
  CompleteChunk,
  CreateJob,
  VerificationJobCommand,
  LaterItems,
  ResumeJob,
} from './verification-job.commands';
import {
  ChunkResult,
  VerificationJobCounts,
  VerificationJobEvent,
  VerificationJobSnapshot,
  ResultName,
} from './verification-job.events';
import { VERIFICATION_JOB_UPCASTERS } from './verification-job.upcast';
import {
  hasChunk,
  withChunk,
  EMPTY_BITMAP,
  assertNewJob,
  cancellableSnapshot,
  chunkRecordable,
  decideFailure,
  decideFilesPurge,
  evolveJob,
  jobCompleted,
  resumableSnapshot,
  runningSnapshot,
  startableSnapshot,
  type JobKindEnding,
  type JobLifecycleState,
  JobSummary,
} from '@lib/jobs';

export type VerificationJobState = JobLifecycleState<VerificationJobSnapshot>;

export const verificationJobDownloadPath = (jobId: number): string => `/v1/jobs/${jobId}/download`;

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

const VERIFICATION_ENDING: JobKindEnding<VerificationJobSnapshot> = {
  kindOf: (snapshot) => snapshot.kind,
  cancelledEventType: 'JobCancelled',
  summary: (snapshot, status): JobSummary => ({
    status,
    totalRows: snapshot.totalRows,
    processedRows: snapshot.processedRows,
    counts: { ...snapshot.counts },
    creditsCharged: snapshot.creditsCharged,
    downloadPath: verificationJobDownloadPath(snapshot.jobId),
  }),
};

const decidedAtUpload = (counts: VerificationJobCounts): number => counts.blank ?? counts.invalidSyntax;

function create(command: CreateJob, state: VerificationJobState): VerificationJobEvent[] {
  assertNewJob(state, command.jobId);
  const { counts } = command;
  const snapshot: VerificationJobSnapshot = {
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

function completeChunk(command: CompleteChunk, state: VerificationJobState): VerificationJobEvent[] {
  const snapshot = chunkRecordable(state, command.chunkNo);
  if (!snapshot || (command.run ?? 0) !== (snapshot.run ?? 0)) return []; // a delivery of an earlier run
  if (command.chunkNo >= snapshot.chunksScheduled)
    throw new Error(`job ${snapshot.jobId} has no chunk ${command.chunkNo}`);
  const charged = chargeFor(command.results);
  const counts = { ...snapshot.counts };
  for (const r of command.results) counts[r.verdict.result] += r.rows;
  const later = [command.retry, command.remainder ?? null].map((l) => (l && l.items.length > 0 ? l : null));
  const added = later.filter((l) => l !== null).length;
  const after: VerificationJobSnapshot = {
    ...snapshot,
    doneChunks: withChunk(snapshot.doneChunks, command.chunkNo),
    chunksScheduled: snapshot.chunksScheduled + added,
    chunksOpen: snapshot.chunksOpen - 1 + added,
    processedRows: snapshot.processedRows + command.results.reduce((sum, r) => sum + r.rows, 0),
    processedAddresses: snapshot.processedAddresses + command.results.length,
    counts,
    creditsCharged: snapshot.creditsCharged + charged,
  };
  const events: VerificationJobEvent[] = [
    {
      type: 'ChunkCompleted',
      data: {
        jobId: snapshot.jobId,
        chunkNo: command.chunkNo,
        results: command.results,
        charged,
        completedAt: command.at,
        ...(command.run ? { run: command.run } : {}),
        snapshot: after,
      },
    },
  ];
  let retryChunkNo = snapshot.chunksScheduled;
  later.forEach((items, i) => {
    if (items) events.push(scheduled(snapshot.jobId, command.chunkNo, retryChunkNo++, items, i === 1, after));
  });
  if (after.chunksOpen === 0) events.push(jobCompleted(VERIFICATION_ENDING, after, command.at));
  return events;
}

function scheduled(
  jobId: number,
  fromChunkNo: number,
  retryChunkNo: number,
  later: LaterItems,
  remainder: boolean,
  snapshot: VerificationJobSnapshot,
): VerificationJobEvent {
  const { level, notBefore, items } = later;
  const data = { jobId, fromChunkNo, retryChunkNo, level, notBefore, items, snapshot };
  return { type: 'ChunkRetryScheduled', data: remainder ? { ...data, remainder: true } : data };
}

function resume(command: ResumeJob, state: VerificationJobState): VerificationJobEvent[] {
  const running = runningSnapshot(state);
  // A retried resume (its answer lost) finds the job running its new run: nothing more to do.
  if (running && (running.run ?? 0) > 0 && running.accountId === command.accountId) return [];
  const snapshot = resumableSnapshot(state, command.accountId);
  const run = (snapshot.run ?? 0) + 1;
  return [
    {
      type: 'JobResumed',
      data: {
        jobId: snapshot.jobId,
        accountId: snapshot.accountId,
        run,
        resumedAt: command.at,
        snapshot: { ...snapshot, status: 'Processing', run },
      },
    },
  ];
}

function cancel(command: CancelJob, state: VerificationJobState): VerificationJobEvent[] {
  const snapshot = cancellableSnapshot(state, command.accountId);
  const { jobId, accountId } = snapshot;
  return [{ type: 'JobCancelled', data: { jobId, accountId, cancelledAt: command.at, snapshot } }];
}

export const verificationJobDecider: Decider<VerificationJobCommand, VerificationJobEvent, VerificationJobState> = {
  initialState: { status: 'Initial' },
  upcasters: VERIFICATION_JOB_UPCASTERS,

  decide(command, state) {
    switch (command.type) {
      case 'CreateJob':
        return create(command, state);
      case 'StartJob': {
        const snapshot = startableSnapshot(state);
        if (!snapshot) return [];
        return [
          {
            type: 'JobStarted',
            data: { jobId: snapshot.jobId, startedAt: command.at, snapshot: { ...snapshot, status: 'Processing' } },
          },
        ];
      }
      case 'CompleteChunk':
        return completeChunk(command, state);
      case 'FailJob':
        return decideFailure(VERIFICATION_ENDING, state, command);
      case 'CancelJob':
        return cancel(command, state);
      case 'PurgeJobFiles':
        return decideFilesPurge(state, command);
      case 'ResumeJob':
        return resume(command, state);
    }
  },

  evolve: (state, event) => evolveJob(VERIFICATION_ENDING, state, event),
};

/** Whether a chunk's results were recorded (only answerable when the state has a snapshot). */
export function chunkDone(state: VerificationJobState, chunkNo: number): boolean | null {
  if (state.status === 'Initial' || !state.snapshot) return null;
  return hasChunk(state.snapshot.doneChunks, chunkNo);
}

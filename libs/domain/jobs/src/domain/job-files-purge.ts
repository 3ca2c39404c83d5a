import type { PurgeJobFiles } from './job.commands';
import type { EndedStatus, JobFilesPurged, JobKind } from './job.events';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A job that is over, as both job deciders fold it: all a purge decision needs. */
export interface EndedJob {
  status: EndedStatus;
  jobId: number;
  accountId: string;
  kind: JobKind;
  finishedAt: string;
  filesPurgedAt: string | null;
  /** Why a failed job stopped (JobFailed's reason), when the failure was folded. */
  failureReason?: string;
}

/**
 * The purge decision of both job kinds. Only an ended job: a running one's upload and plan are still read
 * by workers and downloads. Once only: a second purge records nothing, so the event stays the one record
 * of when and why. Retention 0 means keep forever; a purge on request (an erasure) needs only the job ended.
 */
export function decidePurge(job: EndedJob | null, command: PurgeJobFiles): JobFilesPurged[] {
  if (!job || job.filesPurgedAt !== null || !due(job, command)) return [];
  const { status, jobId, accountId, kind, finishedAt } = job;
  const why =
    command.reason === 'request'
      ? { reason: command.reason, retentionDays: 0, erasureId: command.erasureId }
      : { reason: command.reason, retentionDays: command.retentionDays };
  return [
    {
      type: 'JobFilesPurged',
      data: {
        jobId,
        accountId,
        kind,
        status,
        finishedAt,
        ...why,
        purgedAt: command.at,
      },
    },
  ];
}

function due(job: EndedJob, command: PurgeJobFiles): boolean {
  if (command.reason === 'request') return true;
  if (command.retentionDays <= 0) return false;
  return Date.parse(job.finishedAt) <= Date.parse(command.at) - command.retentionDays * DAY_MS;
}

/** The ended state after a purge, from the event alone. */
export function purgedJob(event: JobFilesPurged): EndedJob {
  const { status, jobId, accountId, kind, finishedAt, purgedAt } = event.data;
  return { status, jobId, accountId, kind, finishedAt, filesPurgedAt: purgedAt };
}

/** The retention cut-off: jobs that ended before it are due for a purge at `now`. */
export const retentionCutoff = (now: number, retentionDays: number): string =>
  new Date(now - retentionDays * DAY_MS).toISOString();

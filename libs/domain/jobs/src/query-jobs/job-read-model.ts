import type { JobFilesPurged } from '../domain/job.events';

/** When and why a job's files were deleted, as the read models of both job kinds keep it. */
export interface FilesPurge {
  at: string;
  reason: JobFilesPurged['data']['reason'];
  retentionDays: number;
}

export const filesPurgeOf = (event: JobFilesPurged): FilesPurge => ({
  at: event.data.purgedAt,
  reason: event.data.reason,
  retentionDays: event.data.retentionDays,
});

/** Job lists of every kind: newest first, the job id breaking ties so pages never overlap. */
export const NEWEST_JOBS_FIRST = (filter: Record<string, unknown>) => ({
  filter,
  sort: { createdAt: -1, jobId: -1 } as Record<string, 1 | -1>,
});

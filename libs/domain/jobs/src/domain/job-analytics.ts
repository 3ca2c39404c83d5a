import type { FieldDecisions } from '@lib/messaging';
import type { JobFilesExpiring } from './files-expiry-notice';
import type { JobCompleted, JobFailed, JobFile, JobFilesPurged, JobSummary } from './job.events';

// What events.jobs and events.jobnotices publish of the events both job kinds share (docs/personal-data.md,
// Analytics topics). Each kind's allowlist adds its own events (verification-jobs, finder).

/** The upload as analytics sees it: where and how big, not its name (a file name may name a person). */
const FILE: FieldDecisions<JobFile> = {
  name: false,
  blobKey: true,
  planKey: true,
  sizeBytes: true,
  delimiter: true,
  hasBom: true,
  hasHeader: true,
  columnCount: true,
  fingerprint: true,
};

const SUMMARY: FieldDecisions<JobSummary> = {
  status: true,
  totalRows: true,
  processedRows: true,
  counts: true,
  creditsCharged: true,
  downloadPath: true,
};

export const SHARED_JOB_ANALYTICS = {
  file: FILE,
  JobCompleted: { jobId: true, accountId: true, kind: true, summary: SUMMARY, finishedAt: true },
  JobFailed: { jobId: true, accountId: true, kind: true, reason: true, summary: SUMMARY, finishedAt: true },
  JobFilesPurged: {
    jobId: true,
    accountId: true,
    kind: true,
    status: true,
    finishedAt: true,
    reason: true,
    retentionDays: true,
    erasureId: true,
    purgedAt: true,
  },
} as const satisfies {
  file: FieldDecisions<JobFile>;
  JobCompleted: FieldDecisions<JobCompleted['data']>;
  JobFailed: FieldDecisions<JobFailed['data']>;
  JobFilesPurged: FieldDecisions<JobFilesPurged['data']>;
};

/** events.jobnotices: the notice that a job's files go soon (the webhook consumer reads it whole). */
export const JOB_NOTICE_ANALYTICS: { JobFilesExpiring: FieldDecisions<JobFilesExpiring['data']> } = {
  JobFilesExpiring: {
    jobId: true,
    accountId: true,
    kind: true,
    daysLeft: true,
    deleteOn: true,
    retentionDays: true,
    noticedAt: true,
  },
};

import type { CreateJob } from './verification-job.commands';

// The verification job the decider spec and the job-results spec record: job 42 of acc-1, one CSV with a
// header and the email in column 1. Declared once so the two specs start from the same CreateJob; each
// says only what differs (its chunk count, its file's columns, its counts).

export const AT = '2025-03-01T10:00:00.000Z';

export function createJobCommand(overrides: {
  chunkCount: number;
  columnCount: number;
  counts: CreateJob['counts'];
}): CreateJob {
  return {
    type: 'CreateJob',
    jobId: 42,
    accountId: 'acc-1',
    kind: 'verification',
    at: AT,
    dedupe: false,
    chunkCount: overrides.chunkCount,
    file: {
      name: 'list.csv',
      blobKey: 'jobs/42/original',
      planKey: 'jobs/42/plan',
      sizeBytes: 100,
      delimiter: ',',
      hasBom: false,
      hasHeader: true,
      columnCount: overrides.columnCount,
    },
    emailColumn: { index: 1, chosenBy: 'header', headerName: 'email' },
    counts: overrides.counts,
  };
}

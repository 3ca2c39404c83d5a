import type { JobFile } from '@lib/jobs';
import type { FinderJobCommand } from './finder-job.decider';
import type { FinderJobRowResult } from './finder-job.events';
import type { FinderOutcome } from './finder-outcome';

// The finder job both its decider spec and its upcast spec record: one file of two columns, job 9,
// rows looked up and not found unless a spec says otherwise. Declared once so the two specs give the
// same history, the one in today's shape, the other as older events stored it.

export const AT = '2026-01-01T00:00:00.000Z';
export const JOB_ID = 9;

export const JOB_FILE: JobFile = {
  name: 'contacts.csv',
  blobKey: 'jobs/9/original',
  planKey: 'jobs/9/finder-plan.jsonl',
  sizeBytes: 40,
  delimiter: ',',
  hasBom: false,
  hasHeader: true,
  columnCount: 2,
};

export const JOB_COLUMNS = {
  firstName: 0,
  lastName: null,
  domain: 1,
  domainSource: 'domain',
  chosenBy: 'header',
} as const;

export const createJob = (chunkCount = 1, counts = { rows: 1, contacts: 1, invalid: 0 }): FinderJobCommand => ({
  type: 'CreateFinderJob',
  jobId: JOB_ID,
  accountId: 'acc-1',
  keyId: 'key-1',
  chunkCount,
  at: AT,
  file: JOB_FILE,
  columns: JOB_COLUMNS,
  counts,
});

export const notFound = {
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

export const found = (email: string): FinderOutcome => ({
  ...notFound,
  email,
  status: 'Found',
  quality: 'Good',
  result: 'Ok',
  reason: 'found',
  confidence: 90,
});

/** Data row `n` (a person also on `alsoRows`, when given) and what its lookup found. */
export const row = (n: number, outcome: FinderOutcome = notFound, alsoRows?: number[]): FinderJobRowResult => ({
  row: n,
  ...(alsoRows ? { alsoRows } : {}),
  input: { firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' },
  outcome,
});

export const chunk = (chunkNo: number, results: FinderJobRowResult[]): FinderJobCommand => ({
  type: 'CompleteFinderChunk',
  chunkNo,
  results,
  at: AT,
});

import type { EventAllowlist, FieldDecisions } from '@lib/messaging';
import type { FinderCallEvent } from './finder-call.events';
import type { FinderJobEvent, FinderJobSnapshot } from './finder-job.events';
import type { FinderOutcome } from './finder-outcome';
import { SHARED_JOB_ANALYTICS } from '@lib/jobs';

/** An outcome as analytics sees it: found or not, how sure, at what cost; never the address found. */
const OUTCOME: FieldDecisions<FinderOutcome> = {
  email: false,
  status: true,
  quality: true,
  result: true,
  reason: true,
  confidence: true,
  provider: true,
  probesUsed: true,
  pattern: true,
  executionMs: true,
};

/** What events.finder publishes: no name and no domain of the person looked up, no address found. */
export const FINDER_CALL_ANALYTICS: EventAllowlist<FinderCallEvent> = {
  EmailFound: {
    findId: true,
    accountId: true,
    keyId: true,
    source: { kind: true, batchId: true, index: true },
    input: false,
    outcome: OUTCOME,
    creditsCharged: true,
    at: true,
  },
  EmailNotFound: {
    findId: true,
    accountId: true,
    keyId: true,
    source: { kind: true, batchId: true, index: true },
    input: false,
    outcome: OUTCOME,
    creditsCharged: true,
    at: true,
  },
};

const SNAPSHOT: FieldDecisions<FinderJobSnapshot> = {
  jobId: true,
  accountId: true,
  keyId: true,
  status: true,
  counts: true,
  chunksScheduled: true,
  doneChunks: true,
  processedContacts: true,
  found: true,
  notFound: true,
  creditsCharged: true,
};

/** What events.jobs publishes of a finder job: counts and progress, no row's names, domain or address. */
export const FINDER_JOB_ANALYTICS: EventAllowlist<FinderJobEvent> = {
  JobCompleted: SHARED_JOB_ANALYTICS.JobCompleted,
  JobFailed: SHARED_JOB_ANALYTICS.JobFailed,
  JobFilesPurged: SHARED_JOB_ANALYTICS.JobFilesPurged,
  FinderJobCreated: {
    jobId: true,
    accountId: true,
    kind: true,
    file: SHARED_JOB_ANALYTICS.file,
    columns: { firstName: true, lastName: true, fullName: true, domain: true, domainSource: true, chosenBy: true },
    chunkCount: true,
    quote: true,
    createdAt: true,
    snapshot: SNAPSHOT,
  },
  FinderJobStarted: { jobId: true, startedAt: true, snapshot: SNAPSHOT },
  FinderChunkCompleted: {
    jobId: true,
    chunkNo: true,
    results: { row: true, alsoRows: true, input: false, outcome: OUTCOME },
    charged: true,
    completedAt: true,
    snapshot: SNAPSHOT,
  },
  FinderJobCancelled: { jobId: true, accountId: true, cancelledAt: true, snapshot: SNAPSHOT },
};

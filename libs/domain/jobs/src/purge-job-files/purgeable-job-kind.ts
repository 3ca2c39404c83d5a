import type { Decider, DomainEvent } from '@lib/common';
import type { PurgeJobFiles } from '../domain/job.commands';
import type { JobFile, JobKind, JobStatus } from '../domain/job.events';
import type { FilesPurge } from '../query-jobs/job-read-model';

/** What the retention sweep needs to know about one job kind. Each kind's lib exports its own. */
export interface PurgeableJobKind {
  kind: JobKind;
  /** The kind's job read model: one document per job, shaped like PurgeCandidate. */
  collection: string;
  /** The kind's row results (one document per row or address, with `jobId`): a purge leaves none. */
  resultsCollection: string;
  /** The decider of the kind's `jobs-<id>` streams; it accepts PurgeJobFiles. */
  decider: Decider<PurgeJobFiles, DomainEvent, unknown>;
}

/** The fields every job read model shares that a purge reads. */
export interface PurgeCandidate {
  _id: string;
  jobId: number;
  accountId: string;
  status: JobStatus;
  finishedAt: string | null;
  file: Pick<JobFile, 'blobKey' | 'planKey'>;
  filesPurged?: FilesPurge | null;
}

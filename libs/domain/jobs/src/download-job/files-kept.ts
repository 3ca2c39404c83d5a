import { BlobStore } from '@lib/blobstore';
import { DomainError } from '@lib/common';
import type { FilesPurge } from '../query-jobs/job-read-model';

/** What a download of either job kind knows about the job's files. */
export interface JobFilesRecord {
  jobId: number;
  file: { blobKey: string };
  filesPurged?: FilesPurge | null;
}

/**
 * Refuses with 410 (JOB_FILES_PURGED) the download of a job whose files were deleted. The stored
 * original is looked for too: the purge deletes it before its event reaches the read model, and once a
 * download has started streaming it can no longer answer with the error envelope.
 */
export async function assertFilesKept(blobs: BlobStore, job: JobFilesRecord): Promise<void> {
  if (job.filesPurged) throw filesPurgedError(job.jobId, job.filesPurged);
  if (!(await blobs.stat(job.file.blobKey))) throw filesPurgedError(job.jobId, null);
}

function filesPurgedError(jobId: number, purge: FilesPurge | null): DomainError {
  const remains = "The job's record, counts and charges remain.";
  if (!purge)
    return new DomainError(
      'JOB_FILES_PURGED',
      `The uploaded file of job ${jobId} is no longer stored: it was deleted under the data-retention policy. ${remains}`,
    );
  if (purge.reason === 'request')
    return new DomainError(
      'JOB_FILES_PURGED',
      `The uploaded file and results of job ${jobId} were erased on ${purge.at} at the account's request. ${remains}`,
    );
  const days = `${purge.retentionDays} ${purge.retentionDays === 1 ? 'day' : 'days'}`;
  return new DomainError(
    'JOB_FILES_PURGED',
    `The uploaded file and results of job ${jobId} were deleted on ${purge.at} under the data-retention policy: they are kept ${days} after a job ends. ${remains}`,
  );
}

import type { EnvReader } from '../env-parsers';

/**
 * Bulk jobs (JOB_*): what the jobs core and the job kinds read. fileRetentionDays: the worker deletes an ended
 * job's uploaded file and row results this many days after it ended (customers' lists are personal data);
 * 0 keeps them forever. duplicateWindowHours: an upload of the same file with the same options within this
 * many hours of an earlier one is refused unless allowed (code 3021); 0 never refuses.
 */
export interface JobsConfig {
  chunkSize: number;
  greylistRetryDelaysMs: number[];
  maxUploadBytes: number;
  maxUniqueEmails: number;
  fileRetentionDays: number;
  duplicateWindowHours: number;
}

export function readJobs(r: EnvReader): JobsConfig {
  return {
    chunkSize: r.int('JOB_CHUNK_SIZE', 200, 1, 10_000),
    greylistRetryDelaysMs: r.intList('JOB_GREYLIST_RETRY_DELAYS_MS', [120_000, 600_000, 1_800_000]),
    maxUploadBytes: r.int('JOB_MAX_UPLOAD_BYTES', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxUniqueEmails: r.int('JOB_MAX_UNIQUE_EMAILS', 500_000, 1, 10_000_000),
    fileRetentionDays: r.int('JOB_FILE_RETENTION_DAYS', 30, 0, 36_500),
    duplicateWindowHours: r.int('JOB_DUPLICATE_WINDOW_HOURS', 24, 0, 8_760),
  };
}

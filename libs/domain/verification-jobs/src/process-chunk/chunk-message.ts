import { ChunkItem } from '../domain/verification-job.events';

/** First passes of chunks, keyed by domain (`<domain>#<n>` for a large domain's chunks, see cutChunks). */
export const VERIFICATION_CHUNK_TOPIC = 'jobs.chunks';

/**
 * Chunks a worker process verifies at once (each already verifies its domains concurrently). Chunks at a
 * slow MX (a slow greeting, a small connection cap) mostly wait for that MX's sessions, which the per-MX
 * pool limits however many chunks ask; the other chunks in flight keep the remaining MXes busy meanwhile
 * (`npm run bench:probe` (b): 8 left the fast domains idle behind the 500 ms-greeting one, 16 still did).
 */
export const CHUNK_CONCURRENCY = 32;

/**
 * Chunks at once while the worker's event loop has time to spare. On a list of many slow MXes the chunks in
 * flight must reach every MX of the list, or the MXes whose chunks start last finish last: with 32, a
 * 12,000-row list over 40 MXes kept two workers at their per-MX limits only until their first chunks ended
 * (`npm run bench:topology-workers`, docs/production.md). On a list of fast MXes the worker is busy computing,
 * and 64 chunks at once only delayed each other: 5-7% fewer rows/s and a first partial download 2 s later
 * than 32 (`npm run bench:jobs`).
 */
export const CHUNK_MAX_CONCURRENCY = 64;

/**
 * Partitions of VERIFICATION_CHUNK_TOPIC when it is created: a partition is worked one chunk at a time, so with fewer
 * partitions than CHUNK_MAX_CONCURRENCY the worker could never run that many, and keys hashing unevenly
 * (several of one domain's chunks on one partition) would queue behind each other. Two workers' worth.
 */
export const CHUNK_TOPIC_PARTITIONS = 2 * CHUNK_MAX_CONCURRENCY;

/**
 * Greylisting retries, one topic per retry level: every message of a level waits the same delay, so
 * within a partition messages are due in publishing order and a consumer waiting for the head of a
 * partition never holds back a message that is already due.
 */
export const verificationRetryTopic = (level: number): string => `jobs.chunks.retry.${level}`;

export interface VerificationChunkMessage {
  jobId: number;
  accountId: string;
  chunkNo: number;
  /** 0 for a first pass; n for the n-th greylisting retry. */
  level: number;
  /** ISO time before which a retry must not run; absent for first passes. */
  notBefore?: string;
  items: ChunkItem[];
  /** The job's run it was published in: absent (0) before the job was resumed (ChunkWorkflow). */
  run?: number;
}

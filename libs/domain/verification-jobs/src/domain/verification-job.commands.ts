import type { JobFile, JobKind, PurgeJobFiles } from '@lib/jobs';
import { ChunkItem, ChunkResult, EmailColumnChoice, VerificationJobCounts } from './verification-job.events';

export type CreateJob = {
  type: 'CreateJob';
  jobId: number;
  accountId: string;
  keyId?: string;
  kind: JobKind;
  file: JobFile;
  emailColumn: EmailColumnChoice;
  dedupe: boolean;
  counts: VerificationJobCounts;
  chunkCount: number;
  at: string;
};
/** Moves a Pending job to Processing once its chunks are being published. */
export type StartJob = { type: 'StartJob'; at: string };
export type LaterItems = { items: ChunkItem[]; level: number; notBefore: string };
/**
 * Records a chunk's final results; `retry` holds the addresses to verify again later (greylisting),
 * `remainder` those its hold could not pay for (balance short). `run`: the job's run the chunk was worked in
 * (absent: 0); a record from another run is dropped.
 */
export type CompleteChunk = {
  type: 'CompleteChunk';
  chunkNo: number;
  results: ChunkResult[];
  retry: LaterItems | null;
  remainder?: LaterItems | null;
  run?: number;
  at: string;
};
/** Continues a job failed for lack of credits from its first undone row (the owner's only). */
export type ResumeJob = { type: 'ResumeJob'; accountId: string; at: string };
export type FailJob = { type: 'FailJob'; reason: string; at: string };
export type CancelJob = { type: 'CancelJob'; accountId: string; at: string };
export type VerificationJobCommand =
  CreateJob | StartJob | CompleteChunk | FailJob | CancelJob | PurgeJobFiles | ResumeJob;

import { upcast } from '@lib/common';
import type { Projection } from '@lib/readstore';
import { verificationJobDecider } from '../domain/verification-job.decider';
import { VERIFICATION_JOB_EVENT_TYPES, VerificationJobEvent } from '../domain/verification-job.events';
import {
  VERIFICATION_JOB_RESULTS_COLLECTION,
  VERIFICATION_JOBS_COLLECTION,
  VerificationJobResultDocument,
  verificationJobResultId,
} from './verification-job.documents';
import { resultCells } from './job-result-cells';
import { verificationJobStatusProjection } from './job-status.projection';

/**
 * One projection for both job read models, so they share a checkpoint: a chunk's row results are
 * written before the status document counts them, hence a job read as Completed always has every
 * row result in place (a full download never misses rows). Result cells are stored by column name, so
 * a column added anywhere shifts nothing. A row result is written once: keyed by job and address, and
 * an address is in the results of one chunk only (the decider records each chunk once; greylisting
 * retries move addresses to a new chunk instead of repeating them), so the chunk's results are plain
 * inserts and a replay inserts nothing (`insertNew`: no lookup per row, which on FerretDB is a scan of
 * the collection). A purge deletes the rows here, from its event, so a
 * rebuild from the log ends without them too; deleting again on a replay deletes nothing.
 */
export const verificationJobsProjection: Projection = {
  name: 'jobs',
  eventTypes: VERIFICATION_JOB_EVENT_TYPES,
  collections: [VERIFICATION_JOBS_COLLECTION, VERIFICATION_JOB_RESULTS_COLLECTION],
  async handle(event, store) {
    const current = upcast<VerificationJobEvent>(event, verificationJobDecider.upcasters);
    if (current.type === 'ChunkCompleted') {
      const { jobId, results } = current.data;
      // A row erased in the log (its address's or its job's key destroyed) has nothing left to download.
      const kept = results.filter((r) => r.canonical !== null);
      await store.collection<VerificationJobResultDocument>(VERIFICATION_JOB_RESULTS_COLLECTION).insertNew(
        kept.map((r) => ({
          _id: verificationJobResultId(jobId, r.canonical),
          jobId,
          firstRow: r.firstRow,
          cells: resultCells(r.verdict),
        })),
      );
    }
    if (current.type === 'JobFilesPurged' && current.data.kind === 'verification') {
      await store.collection(VERIFICATION_JOB_RESULTS_COLLECTION).deleteMany({ jobId: current.data.jobId });
    }
    await verificationJobStatusProjection.handle(event, store);
  },
};

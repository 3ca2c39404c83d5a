import { Injectable } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { stagedJobFile, type JobCreationKind, type StagedUpload } from '@lib/jobs';
import { chooseFinderColumns, type RequestedColumns } from './finder-columns';
import { finderJobDecider, type FinderJobCommand } from '../domain/finder-job.decider';
import type { FinderJobEvent } from '../domain/finder-job.events';
import { planFinderJob, planLines } from './finder-job-plan';
import {
  evolveFinderJob,
  FINDER_JOBS_COLLECTION,
  type FinderJobDocument,
} from '../query-finder-jobs/finder-job.projection';
import { toFinderJobView, type FinderJobView } from '../query-finder-jobs/finder-job.view';
import type { FinderJobKind } from '../shared/finder-job-kind';

/**
 * POST /v1/finder/jobs in the shared creation (JobCreation, as bulk jobs): pick the columns, one lookup
 * per person (normalised name and domain), cut and store the chunk plan.
 */
@Injectable()
export class FinderJobCreation implements JobCreationKind<FinderJobKind> {
  readonly names = { defaultFileName: 'contacts.csv', planFileName: 'finder-plan.jsonl' };
  readonly decider = finderJobDecider;
  readonly collection = FINDER_JOBS_COLLECTION;

  constructor(private readonly blobs: BlobStore) {}

  async plan(
    staged: StagedUpload,
    requested: RequestedColumns,
    keyId: string | undefined,
    at: string,
  ): Promise<FinderJobCommand> {
    const { inspection } = staged;
    const { hasHeader, columns } = chooseFinderColumns(inspection, requested);
    const plan = await planFinderJob(await this.blobs.get(staged.blobKey), inspection.delimiter, hasHeader, columns);
    await this.blobs.put(staged.planKey, planLines(plan.chunks), { contentType: 'application/x-ndjson' });
    return {
      type: 'CreateFinderJob',
      jobId: staged.jobId,
      accountId: staged.accountId,
      keyId,
      file: stagedJobFile(staged, hasHeader),
      columns,
      counts: plan.counts,
      chunkCount: plan.chunks.length,
      at,
    };
  }

  /** The 201 shows the job as created. */
  viewOf(created: FinderJobEvent, now: number): FinderJobView {
    return toFinderJobView(evolveFinderJob(null, created) as FinderJobDocument, now);
  }
}

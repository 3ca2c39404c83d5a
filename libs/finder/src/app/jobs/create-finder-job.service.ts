import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock, newNumericId } from '@lib/common';
import { AppConfig } from '@lib/config';
import { EventStore, runCommand } from '@lib/eventstore';
import { jobStream, storeAndInspect, toUploadError, type UploadInspection } from '@lib/jobs';
import { APP_CONFIG, ReadModelFreshness } from '@lib/platform';
import { chooseFinderColumns, type RequestedColumns } from './finder-columns';
import { finderJobDecider } from './finder-job.decider';
import { planFinderJob, planLines } from './finder-job-plan';
import { evolveFinderJob, FINDER_JOBS_COLLECTION, type FinderJobDocument } from './finder-job.projection';
import { toFinderJobView, type FinderJobView } from './finder-job.view';

export interface StagedFinderUpload {
  jobId: number;
  accountId: string;
  fileName: string;
  blobKey: string;
  planKey: string;
  inspection: UploadInspection;
}

/**
 * POST /v1/finder/jobs, as bulk jobs do it: `stage` stores the original while validating it; `create`
 * picks the columns (multipart fields may follow the file), stores the chunk plan and appends
 * FinderJobCreated. Every failure before that deletes what was stored.
 */
@Injectable()
export class CreateFinderJobService {
  private readonly logger = new Logger('finder-jobs');

  constructor(
    private readonly events: EventStore,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly freshness: ReadModelFreshness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async stage(accountId: string, fileName: string, source: Readable): Promise<StagedFinderUpload> {
    const jobId = newNumericId(this.clock.now());
    const staged = { jobId, accountId, fileName: fileName || 'contacts.csv', blobKey: `jobs/${jobId}/original`, planKey: `jobs/${jobId}/finder-plan.jsonl` };
    try {
      return { ...staged, inspection: await storeAndInspect(source, this.blobs, staged.blobKey, this.config.jobs.maxUploadBytes) };
    } catch (error) {
      await this.discard(staged);
      throw toUploadError(error, this.config.jobs.maxUploadBytes);
    }
  }

  async create(staged: StagedFinderUpload, requested: RequestedColumns): Promise<FinderJobView> {
    try {
      const { inspection } = staged;
      const { hasHeader, columns } = chooseFinderColumns(inspection, requested);
      const plan = await planFinderJob(await this.blobs.get(staged.blobKey), inspection.delimiter, hasHeader, columns);
      await this.blobs.put(staged.planKey, planLines(plan.chunks), { contentType: 'application/x-ndjson' });
      const file = {
        name: staged.fileName, blobKey: staged.blobKey, planKey: staged.planKey, sizeBytes: inspection.sizeBytes, delimiter: inspection.delimiter,
        hasBom: inspection.hasBom, hasHeader, columnCount: inspection.columnCount,
      };
      const run = await runCommand(this.events, jobStream(staged.jobId), finderJobDecider, {
        type: 'CreateFinderJob', jobId: staged.jobId, accountId: staged.accountId, file, columns, counts: plan.counts, chunkCount: plan.chunks.length, at: this.clock.nowIso(),
      }, { maxAttempts: 1 });
      // Read-your-writes: a GET right after the 201 finds the job. The 201 itself shows the job as created.
      await this.freshness.waitForDocument(FINDER_JOBS_COLLECTION, String(staged.jobId), run.position, 5_000);
      return toFinderJobView(evolveFinderJob(null, run.events[0], run.position) as FinderJobDocument);
    } catch (error) {
      await this.discard(staged);
      throw toUploadError(error, this.config.jobs.maxUploadBytes);
    }
  }

  async discard(staged: Pick<StagedFinderUpload, 'blobKey' | 'planKey'>): Promise<void> {
    await Promise.all([this.blobs.delete(staged.blobKey), this.blobs.delete(staged.planKey)]).catch((error) => this.logger.warn(`could not delete staged upload ${staged.blobKey}: ${String(error)}`));
  }
}

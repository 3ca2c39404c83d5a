import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock } from '@lib/common';
import { AppConfig } from '@lib/config';
import { EventStore, runCommand } from '@lib/eventstore';
import { jobStream, stagedJobFile, UploadStaging, type StagedUpload } from '@lib/jobs';
import { APP_CONFIG, ReadModelFreshness } from '@lib/platform';
import { chooseFinderColumns, type RequestedColumns } from './finder-columns';
import { finderJobDecider } from './finder-job.decider';
import { planFinderJob, planLines } from './finder-job-plan';
import { evolveFinderJob, FINDER_JOBS_COLLECTION, type FinderJobDocument } from './finder-job.projection';
import { toFinderJobView, type FinderJobView } from './finder-job.view';

/**
 * POST /v1/finder/jobs, as bulk jobs do it: `stage` stores the original while validating it; `create`
 * picks the columns (multipart fields may follow the file), stores the chunk plan and appends
 * FinderJobCreated. Every failure before that deletes what was stored.
 */
@Injectable()
export class CreateFinderJobService {
  private readonly staging: UploadStaging;

  constructor(
    private readonly events: EventStore,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly freshness: ReadModelFreshness,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.staging = new UploadStaging(blobs, clock, config.jobs.maxUploadBytes, new Logger('finder-jobs'));
  }

  stage(accountId: string, fileName: string, source: Readable): Promise<StagedUpload> {
    return this.staging.stage(accountId, fileName, source, { defaultFileName: 'contacts.csv', planFileName: 'finder-plan.jsonl' });
  }

  create(staged: StagedUpload, requested: RequestedColumns, keyId?: string): Promise<FinderJobView> {
    return this.staging.orDiscard(staged, async () => {
      const { inspection } = staged;
      const { hasHeader, columns } = chooseFinderColumns(inspection, requested);
      const plan = await planFinderJob(await this.blobs.get(staged.blobKey), inspection.delimiter, hasHeader, columns);
      await this.blobs.put(staged.planKey, planLines(plan.chunks), { contentType: 'application/x-ndjson' });
      const run = await runCommand(this.events, jobStream(staged.jobId), finderJobDecider, {
        type: 'CreateFinderJob', jobId: staged.jobId, accountId: staged.accountId, keyId, file: stagedJobFile(staged, hasHeader), columns, counts: plan.counts, chunkCount: plan.chunks.length, at: this.clock.nowIso(),
      }, { maxAttempts: 1 });
      // Read-your-writes: a GET right after the 201 finds the job. The 201 itself shows the job as created.
      await this.freshness.waitForDocument(FINDER_JOBS_COLLECTION, String(staged.jobId), run.position, 5_000);
      return toFinderJobView(evolveFinderJob(null, run.events[0], run.position) as FinderJobDocument, this.clock.now());
    });
  }

  discard(staged: Pick<StagedUpload, 'blobKey' | 'planKey'>): Promise<void> {
    return this.staging.discard(staged);
  }
}

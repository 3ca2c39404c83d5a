import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock } from '@lib/common';
import { AppConfig } from '@lib/config';
import { EventStore, runCommand } from '@lib/eventstore';
import { APP_CONFIG, ReadModelFreshness } from '@lib/platform';
import { jobDecider, jobStream } from '../domain/job.decider';
import { JOBS_COLLECTION, JobDocument } from '../projection/job-document';
import { evolveJobDocument } from '../projection/job-status.projection';
import { JobView, toJobView } from '../query/job-view';
import { indexAddresses } from './address-index';
import { cutChunks, planLines } from './chunk-plan';
import { chooseEmailColumn } from './choose-email-column';
import { stagedJobFile, UploadStaging, type StagedUpload } from './upload-staging';

export interface CreateJobOptions {
  /** Zero-based; null to detect it. */
  emailColumn: number | null;
  dedupe: boolean;
}

/**
 * POST /v1/jobs in two passes: `stage` stores the original while validating it as it streams in;
 * `create` reads the stored file again with the now-known options (multipart fields may follow the
 * file), dedupes, cuts and stores the chunk plan, then appends JobCreated. Until JobCreated is
 * appended nothing is visible, and every failure deletes what was stored: no job, no orphan blob.
 */
@Injectable()
export class CreateJobService {
  private readonly staging: UploadStaging;

  constructor(
    private readonly events: EventStore,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly freshness: ReadModelFreshness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.staging = new UploadStaging(blobs, clock, config.jobs.maxUploadBytes, new Logger('jobs'));
  }

  stage(accountId: string, fileName: string, source: Readable): Promise<StagedUpload> {
    return this.staging.stage(accountId, fileName, source, { defaultFileName: 'upload.csv', planFileName: 'plan.jsonl' });
  }

  create(staged: StagedUpload, options: CreateJobOptions, keyId?: string): Promise<JobView> {
    return this.staging.orDiscard(staged, () => this.createStaged(staged, options, keyId));
  }

  /** Removes a staged upload's blobs (a request that failed after the file arrived). */
  discard(staged: Pick<StagedUpload, 'blobKey' | 'planKey'>): Promise<void> {
    return this.staging.discard(staged);
  }

  private async createStaged(staged: StagedUpload, options: CreateJobOptions, keyId: string | undefined): Promise<JobView> {
    const { inspection } = staged;
    const { hasHeader, emailColumn } = chooseEmailColumn(inspection, options.emailColumn);
    const index = await indexAddresses(await this.blobs.get(staged.blobKey), inspection.delimiter, hasHeader, emailColumn.index, this.config.jobs.maxUniqueEmails);
    const counter = { chunks: 0 };
    await this.blobs.put(staged.planKey, planLines(cutChunks(index, this.config.jobs.chunkSize), counter), { contentType: 'application/x-ndjson' });
    const result = await runCommand(this.events, jobStream(staged.jobId), jobDecider, {
      type: 'CreateJob', jobId: staged.jobId, accountId: staged.accountId, keyId, kind: 'verification', file: stagedJobFile(staged, hasHeader), emailColumn, dedupe: options.dedupe,
      counts: index.counts, chunkCount: counter.chunks, at: this.clock.nowIso(),
    }, { maxAttempts: 1 });
    // Read-your-writes: a GET right after the 201 finds the job.
    await this.freshness.waitForDocument(JOBS_COLLECTION, String(staged.jobId), result.position, 5_000);
    const doc = evolveJobDocument(null, result.events[0]) as JobDocument;
    return toJobView(doc, this.clock.now());
  }
}

import { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock, newNumericId } from '@lib/common';
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
import { storeAndInspect, UploadInspection } from './inspect-upload';
import { toUploadError } from './upload-errors';

export interface StagedUpload {
  jobId: number;
  accountId: string;
  fileName: string;
  blobKey: string;
  planKey: string;
  inspection: UploadInspection;
}

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
  private readonly logger = new Logger('jobs');

  constructor(
    private readonly events: EventStore,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly freshness: ReadModelFreshness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async stage(accountId: string, fileName: string, source: Readable): Promise<StagedUpload> {
    const jobId = newNumericId(this.clock.now());
    const staged = { jobId, accountId, fileName: fileName || 'upload.csv', blobKey: `jobs/${jobId}/original`, planKey: `jobs/${jobId}/plan.jsonl` };
    try {
      const inspection = await storeAndInspect(source, this.blobs, staged.blobKey, this.config.jobs.maxUploadBytes);
      return { ...staged, inspection };
    } catch (error) {
      await this.discard(staged);
      throw toUploadError(error, this.config.jobs.maxUploadBytes);
    }
  }

  async create(staged: StagedUpload, options: CreateJobOptions): Promise<JobView> {
    try {
      return await this.createStaged(staged, options);
    } catch (error) {
      await this.discard(staged);
      throw toUploadError(error, this.config.jobs.maxUploadBytes);
    }
  }

  /** Removes a staged upload's blobs (a request that failed after the file arrived). */
  async discard(staged: Pick<StagedUpload, 'blobKey' | 'planKey'>): Promise<void> {
    await Promise.all([this.blobs.delete(staged.blobKey), this.blobs.delete(staged.planKey)]).catch((error) => this.logger.warn(`could not delete staged upload ${staged.blobKey}: ${String(error)}`));
  }

  private async createStaged(staged: StagedUpload, options: CreateJobOptions): Promise<JobView> {
    const { inspection } = staged;
    const { hasHeader, emailColumn } = chooseEmailColumn(inspection, options.emailColumn);
    const index = await indexAddresses(await this.blobs.get(staged.blobKey), inspection.delimiter, hasHeader, emailColumn.index, this.config.jobs.maxUniqueEmails);
    const counter = { chunks: 0 };
    await this.blobs.put(staged.planKey, planLines(cutChunks(index, this.config.jobs.chunkSize), counter), { contentType: 'application/x-ndjson' });
    const file = {
      name: staged.fileName, blobKey: staged.blobKey, planKey: staged.planKey, sizeBytes: inspection.sizeBytes, delimiter: inspection.delimiter,
      hasBom: inspection.hasBom, hasHeader, columnCount: inspection.columnCount,
    };
    const result = await runCommand(this.events, jobStream(staged.jobId), jobDecider, {
      type: 'CreateJob', jobId: staged.jobId, accountId: staged.accountId, kind: 'verification', file, emailColumn, dedupe: options.dedupe,
      counts: index.counts, chunkCount: counter.chunks, at: this.clock.nowIso(),
    }, { maxAttempts: 1 });
    // Read-your-writes: a GET right after the 201 finds the job.
    await this.freshness.waitForDocument(JOBS_COLLECTION, String(staged.jobId), result.position, 5_000);
    const doc = evolveJobDocument(null, result.events[0]) as JobDocument;
    return toJobView(doc, this.clock.now());
  }
}

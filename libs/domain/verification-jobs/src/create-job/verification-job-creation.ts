import { Inject, Injectable } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import type { JobsConfig } from '@lib/config';
import { type CreateJob, type VerificationJobCommand } from '../domain/verification-job.commands';
import { verificationJobDecider, type VerificationJobState } from '../domain/verification-job.decider';
import { type VerificationJobEvent } from '../domain/verification-job.events';
import { VERIFICATION_JOBS_COLLECTION, VerificationJobDocument } from '../query-jobs/verification-job.documents';
import { evolveVerificationJob } from '../query-jobs/job-status.projection';
import { VerificationJobView, toVerificationJobView } from '../query-jobs/verification-job.view';
import { indexAddresses } from './address-index';
import { cutChunks, planLines } from './chunk-plan';
import { chooseEmailColumn } from './choose-email-column';
import { JOBS_CONFIG, type JobCreationKind, type JobKindTypes, stagedJobFile, type StagedUpload } from '@lib/jobs';

export interface CreateVerificationJobOptions {
  /** Zero-based; null to detect it. */
  emailColumn: number | null;
  dedupe: boolean;
}

/** Bulk verification jobs as the shared job steps see them. */
export interface VerificationJobKind extends JobKindTypes {
  options: CreateVerificationJobOptions;
  view: VerificationJobView;
  command: VerificationJobCommand;
  event: VerificationJobEvent;
  state: VerificationJobState;
}

/** POST /v1/jobs in the shared creation (JobCreation): pick the email column, dedupe by address, cut and store the chunk plan. */
@Injectable()
export class VerificationJobCreation implements JobCreationKind<VerificationJobKind> {
  readonly names = { defaultFileName: 'upload.csv', planFileName: 'plan.jsonl' };
  readonly decider = verificationJobDecider;
  readonly collection = VERIFICATION_JOBS_COLLECTION;

  constructor(
    private readonly blobs: BlobStore,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {}

  async plan(
    staged: StagedUpload,
    options: CreateVerificationJobOptions,
    keyId: string | undefined,
    at: string,
  ): Promise<CreateJob> {
    const { inspection } = staged;
    const { hasHeader, emailColumn } = chooseEmailColumn(inspection, options.emailColumn);
    const index = await indexAddresses(
      await this.blobs.get(staged.blobKey),
      inspection.delimiter,
      hasHeader,
      emailColumn.index,
      this.config.maxUniqueEmails,
    );
    const counter = { chunks: 0 };
    await this.blobs.put(staged.planKey, planLines(cutChunks(index, this.config.chunkSize), counter), {
      contentType: 'application/x-ndjson',
    });
    return {
      type: 'CreateJob',
      jobId: staged.jobId,
      accountId: staged.accountId,
      keyId,
      kind: 'verification',
      file: stagedJobFile(staged, hasHeader),
      emailColumn,
      dedupe: options.dedupe,
      counts: index.counts,
      chunkCount: counter.chunks,
      at,
    };
  }

  viewOf(created: VerificationJobEvent, now: number): VerificationJobView {
    return toVerificationJobView(evolveVerificationJob(null, created) as VerificationJobDocument, now);
  }
}

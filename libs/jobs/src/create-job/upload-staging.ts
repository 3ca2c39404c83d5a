import type { Readable } from 'node:stream';
import type { Logger } from '@nestjs/common';
import type { BlobStore } from '@lib/blobstore';
import { type Clock, newNumericId } from '@lib/common';
import type { JobFile } from '../domain/job.events';
import { storeAndInspect, type UploadInspection } from './inspect-upload';
import { toUploadError } from './upload-errors';

/** An original stored and validated, waiting for `create` (multipart fields may follow the file). */
export interface StagedUpload {
  jobId: number;
  accountId: string;
  fileName: string;
  blobKey: string;
  planKey: string;
  inspection: UploadInspection;
}

/** What differs between job kinds when staging: the name of a nameless upload and of the chunk plan. */
export interface StagingNames {
  defaultFileName: string;
  planFileName: string;
}

/**
 * The upload steps every job kind (bulk verification, finder) runs around its own planning. Until the
 * job's created event is appended nothing is visible, so every failure deletes what was stored: no
 * job, no orphan blob.
 */
export class UploadStaging {
  constructor(
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    private readonly maxUploadBytes: number,
    private readonly logger: Logger,
  ) {}

  /** Stores the original under a new job id while validating it as it streams in. */
  async stage(accountId: string, fileName: string, source: Readable, names: StagingNames): Promise<StagedUpload> {
    const jobId = newNumericId(this.clock.now());
    const staged = {
      jobId,
      accountId,
      fileName: fileName || names.defaultFileName,
      blobKey: `jobs/${jobId}/original`,
      planKey: `jobs/${jobId}/${names.planFileName}`,
    };
    return this.orDiscard(staged, async () => ({
      ...staged,
      inspection: await storeAndInspect(source, this.blobs, staged.blobKey, this.maxUploadBytes),
    }));
  }

  /** Runs a step on a staged upload; if it fails, deletes the upload's blobs and throws the public upload error. */
  async orDiscard<T>(staged: Pick<StagedUpload, 'blobKey' | 'planKey'>, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      await this.discard(staged);
      throw toUploadError(error, this.maxUploadBytes);
    }
  }

  /** Removes a staged upload's blobs (a request that failed after the file arrived). */
  async discard(staged: Pick<StagedUpload, 'blobKey' | 'planKey'>): Promise<void> {
    await Promise.all([this.blobs.delete(staged.blobKey), this.blobs.delete(staged.planKey)]).catch((error) =>
      this.logger.warn(`could not delete staged upload ${staged.blobKey}: ${String(error)}`),
    );
  }
}

/** How to read the staged original again at download, as the job's created event records it. */
export function stagedJobFile(staged: StagedUpload, hasHeader: boolean): JobFile {
  const { inspection } = staged;
  return {
    name: staged.fileName,
    blobKey: staged.blobKey,
    planKey: staged.planKey,
    sizeBytes: inspection.sizeBytes,
    delimiter: inspection.delimiter,
    hasBom: inspection.hasBom,
    hasHeader,
    columnCount: inspection.columnCount,
  };
}

import type { Readable } from 'node:stream';
import type { Logger } from '@nestjs/common';
import type { BlobStore } from '@lib/blobstore';
import { type Clock, newNumericId } from '@lib/common';
import type { JobFile } from '../domain/job.events';
import { uploadAsCsv, type UploadFormat } from '../upload-formats/upload-as-csv';
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
  /** What the upload was (the stored original is its UTF-8 CSV), and the sheet asked for when the file came. */
  format: UploadFormat;
  requestedSheet: string | null;
  /** The upload's bytes and options hashed, once the options are known (JobFile.fingerprint). */
  fingerprint?: string;
}

/**
 * The stored CSV may be larger than the upload: Windows-1252 text grows by up to 3 bytes a
 * character in UTF-8, and an .xlsx is compressed.
 */
export const CONVERTED_GROWTH = 4;

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

  /**
   * Stores the original under a new job id, as UTF-8 CSV (`uploadAsCsv`: other encodings, .txt
   * and .xlsx converted), while validating it as it streams in. `sheet` picks an .xlsx's sheet.
   */
  async stage(
    accountId: string,
    fileName: string,
    source: Readable,
    names: StagingNames,
    sheet?: string,
  ): Promise<StagedUpload> {
    const jobId = newNumericId(this.clock.now());
    const staged = {
      jobId,
      accountId,
      fileName: fileName || names.defaultFileName,
      blobKey: `jobs/${jobId}/original`,
      planKey: `jobs/${jobId}/${names.planFileName}`,
    };
    const upload = uploadAsCsv(source, { fileName: staged.fileName, sheet, maxBytes: this.maxUploadBytes });
    return this.orDiscard(staged, async () => {
      const stored = this.maxUploadBytes * CONVERTED_GROWTH;
      const inspection = await storeAndInspect(upload.csv, this.blobs, staged.blobKey, stored);
      return { ...staged, inspection, format: upload.format(), requestedSheet: sheet?.trim() || null };
    });
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
    hasBom: downloadWithBom(staged),
    hasHeader,
    columnCount: inspection.columnCount,
    ...(staged.fingerprint ? { fingerprint: staged.fingerprint } : {}),
  };
}

/**
 * The download is UTF-8 always; it starts with a BOM when the upload did, and when the upload was
 * converted (another encoding, or a workbook): without one Excel reads UTF-8 as its local code page.
 */
function downloadWithBom({ inspection, format }: StagedUpload): boolean {
  return inspection.hasBom || format.kind === 'xlsx' || format.encoding !== 'utf-8';
}

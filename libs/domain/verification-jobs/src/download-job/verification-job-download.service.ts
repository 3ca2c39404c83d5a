import { Injectable } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { DomainError } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { parseResultColumns } from '../csv/result-columns';
import { SIMPLE_RESULT_COLUMN } from '../csv/result-labels';
import {
  VERIFICATION_JOB_RESULTS_COLLECTION,
  StoredVerificationJobResult,
} from '../query-jobs/verification-job.documents';
import { VerificationJobQueries } from '../query-jobs/verification-job.queries';
import { filterRowsByResult, parseResultFilter } from './result-filter';
import { parseDownloadFormat, resultFileName, simpleRows } from './download-format';
import { VerificationRowResolver } from './verification-row-resolver';
import { InvalidResultColumnsError, csvDownload, assertFilesKept } from '@lib/jobs';

export interface PreparedDownload {
  fileName: string;
  /** The job is not Completed: only rows verified so far are in the file. */
  partial: boolean;
  body: AsyncGenerator<string>;
}

/** GET /v1/jobs/{id}/download: everything is checked before the first byte is sent, so errors still get the envelope. */
@Injectable()
export class VerificationJobDownloads {
  constructor(
    private readonly queries: VerificationJobQueries,
    private readonly readStore: ReadStore,
    private readonly blobs: BlobStore,
  ) {}

  async prepare(
    accountId: string,
    id: string,
    columnsParam: string | undefined,
    dedupeParam: string | undefined,
    resultsParam?: string,
    formatParam?: string,
  ): Promise<PreparedDownload> {
    const job = await this.queries.document(accountId, id);
    const format = parseDownloadFormat(formatParam, columnsParam);
    const columns = format === 'simple' ? [SIMPLE_RESULT_COLUMN] : parseColumns(columnsParam);
    const wanted = parseResultFilter(resultsParam);
    const dedupe = parseDedupe(dedupeParam) ?? job.dedupe;
    if (job.status === 'Pending')
      throw new DomainError('JOB_NOT_DOWNLOADABLE', 'The job has not started yet; nothing has been verified.');
    await assertFilesKept(this.blobs, job);
    const filtered = filterRowsByResult(
      new VerificationRowResolver(
        this.readStore.collection<StoredVerificationJobResult>(VERIFICATION_JOB_RESULTS_COLLECTION),
        job,
        dedupe,
      ),
      wanted,
    );
    const resolver = format === 'simple' ? simpleRows(filtered) : filtered;
    return {
      fileName: resultFileName(job.file.name, wanted),
      partial: job.status !== 'Completed',
      body: csvDownload(this.blobs, job.file, columns, resolver),
    };
  }
}

function parseColumns(param: string | undefined) {
  try {
    return parseResultColumns(param);
  } catch (error) {
    if (error instanceof InvalidResultColumnsError) throw new DomainError('INVALID_RESULT_COLUMNS', error.message);
    throw error;
  }
}

function parseDedupe(param: string | undefined): boolean | null {
  if (param === undefined || param === '') return null;
  if (param === 'true' || param === '1') return true;
  if (param === 'false' || param === '0') return false;
  throw new DomainError('VALIDATION_FAILED', 'dedupe must be true or false.');
}

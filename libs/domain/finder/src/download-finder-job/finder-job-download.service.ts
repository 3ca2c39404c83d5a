import { Injectable } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { DomainError } from '@lib/common';
import { assertFilesKept, csvDownload, type CsvRecord, type ResultCells, type RowResolver } from '@lib/jobs';
import { ReadStore } from '@lib/readstore';
import { contactOf } from '../create-finder-job/finder-job-plan';
import {
  FINDER_JOB_RESULTS_COLLECTION,
  FINDER_RESULT_COLUMNS,
  finderJobResultCells,
  finderJobResultId,
  type FinderJobDocument,
  type FinderResultColumn,
  type StoredFinderJobResult,
} from '../query-finder-jobs/finder-job.projection';
import { FinderJobQueries } from '../query-finder-jobs/finder-job.queries';

/** Cells of a row that was never looked up (no usable name or domain): free, and said so. */
const INVALID_ROW: ResultCells<FinderResultColumn> = {
  email: '',
  status: 'Not Found',
  quality: '',
  result: '',
  reason: 'invalid_input',
  confidence: '0',
  provider: '',
};

/** Download of finder jobs; everything is checked before the first byte is sent. */
@Injectable()
export class FinderJobDownloads {
  constructor(
    private readonly queries: FinderJobQueries,
    private readonly readStore: ReadStore,
    private readonly blobs: BlobStore,
  ) {}

  async download(
    accountId: string,
    id: string,
  ): Promise<{ fileName: string; partial: boolean; body: AsyncGenerator<string> }> {
    const job = await this.queries.document(accountId, id);
    if (job.status === 'Pending')
      throw new DomainError('JOB_NOT_DOWNLOADABLE', 'The job has not started yet; nothing has been looked up.');
    await assertFilesKept(this.blobs, job);
    const resolver = new FinderRowResolver(this.readStore, job);
    return {
      fileName: `${(job.file.name ?? '').replace(/\.(csv|txt|tsv)$/i, '') || 'contacts'}-found.csv`,
      partial: job.status !== 'Completed',
      body: csvDownload(this.blobs, job.file, FINDER_RESULT_COLUMNS, resolver),
    };
  }
}

/** Joins row results by record index; a row without a result yet is left out of a partial download. */
class FinderRowResolver implements RowResolver {
  constructor(
    private readonly readStore: ReadStore,
    private readonly job: FinderJobDocument,
  ) {}

  async resolve(records: CsvRecord[]): Promise<(ResultCells | null)[]> {
    const ids = records.map((r) => finderJobResultId(this.job.jobId, r.index));
    const found = await this.readStore
      .collection<StoredFinderJobResult>(FINDER_JOB_RESULTS_COLLECTION)
      .find({ filter: { _id: { $in: ids } } });
    const byRow = new Map(found.map((doc) => [doc.row, finderJobResultCells(doc)]));
    return records.map(
      (record) => byRow.get(record.index) ?? (contactOf(record.fields, this.job.columns) ? null : INVALID_ROW),
    );
  }
}

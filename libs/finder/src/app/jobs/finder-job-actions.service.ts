import { Injectable } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { Clock, DomainError } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { assertFilesKept, csvDownload, jobStream, type CsvRecord, type RowResolver } from '@lib/jobs';
import { ReadModelFreshness } from '@lib/platform';
import { ReadStore } from '@lib/readstore';
import { finderJobDecider } from './finder-job.decider';
import { contactOf } from './finder-job-plan';
import {
  FINDER_JOB_RESULTS_COLLECTION, FINDER_JOBS_COLLECTION, FINDER_RESULT_COLUMNS, finderJobResultId, type FinderJobDocument, type FinderJobResultDocument,
} from './finder-job.projection';
import { FinderJobQueries } from './finder-job.queries';
import type { FinderJobView } from './finder-job.view';

/** Cells of a row that was never looked up (no usable first name or domain): free, and said so. */
const INVALID_ROW = ['', 'Not Found', '', '', 'invalid_input', '0', ''];

/** Cancel and download of finder jobs; everything is checked before the first byte is sent. */
@Injectable()
export class FinderJobActions {
  constructor(
    private readonly events: EventStore,
    private readonly queries: FinderJobQueries,
    private readonly freshness: ReadModelFreshness,
    private readonly readStore: ReadStore,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
  ) {}

  /** Chunks in flight finish probing but are not recorded, and their holds are released: unprocessed rows cost nothing. */
  async cancel(accountId: string, id: string): Promise<FinderJobView> {
    const doc = await this.queries.document(accountId, id);
    const run = await runCommand(this.events, jobStream(doc.jobId), finderJobDecider, { type: 'CancelFinderJob', accountId, at: this.clock.nowIso() }, { load: 'last' });
    await this.freshness.waitForDocument(FINDER_JOBS_COLLECTION, doc._id, run.position, 5_000);
    return this.queries.view(accountId, id);
  }

  async download(accountId: string, id: string): Promise<{ fileName: string; partial: boolean; body: AsyncGenerator<string> }> {
    const job = await this.queries.document(accountId, id);
    if (job.status === 'Pending') throw new DomainError('JOB_NOT_DOWNLOADABLE', 'The job has not started yet; nothing has been looked up.');
    await assertFilesKept(this.blobs, job);
    const resolver = new FinderRowResolver(this.readStore, job);
    const columns = { names: [...FINDER_RESULT_COLUMNS], positions: FINDER_RESULT_COLUMNS.map((_, k) => k) };
    return { fileName: `${job.file.name.replace(/\.(csv|txt|tsv)$/i, '') || 'contacts'}-found.csv`, partial: job.status !== 'Completed', body: csvDownload(this.blobs, job.file, columns, resolver) };
  }
}

/** Joins row results by record index; a row without a result yet is left out of a partial download. */
class FinderRowResolver implements RowResolver {
  constructor(private readonly readStore: ReadStore, private readonly job: FinderJobDocument) {}

  async resolve(records: CsvRecord[]): Promise<(string[] | null)[]> {
    const ids = records.map((r) => finderJobResultId(this.job.jobId, r.index));
    const found = await this.readStore.collection<FinderJobResultDocument>(FINDER_JOB_RESULTS_COLLECTION).find({ filter: { _id: { $in: ids } } });
    const byRow = new Map(found.map((doc) => [doc.row, doc.values]));
    return records.map((record) => byRow.get(record.index) ?? (contactOf(record.fields, this.job.columns) ? null : INVALID_ROW));
  }
}

import { Injectable } from '@nestjs/common';
import { Clock, DomainError, isNumericId, Page, PageRequest, toPage } from '@lib/common';
import { ChunkProgressBoard, NEWEST_JOBS_FIRST } from '@lib/jobs';
import { ReadStore, readPage } from '@lib/readstore';
import { FINDER_JOBS_COLLECTION, type FinderJobDocument } from './finder-job.projection';
import { toFinderJobView, type FinderJobView } from './finder-job.view';

/** Ownership is checked here: another account's job, or a malformed id, is simply not found. */
@Injectable()
export class FinderJobQueries {
  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    private readonly progress: ChunkProgressBoard,
  ) {}

  private get jobs() {
    return this.readStore.collection<FinderJobDocument>(FINDER_JOBS_COLLECTION);
  }

  async document(accountId: string, id: string): Promise<FinderJobDocument> {
    const doc = isNumericId(id) ? await this.jobs.get(String(Number(id))) : null;
    if (!doc || doc.accountId !== accountId) throw new DomainError('JOB_NOT_FOUND', `Finder job ${id} not found.`);
    return doc;
  }

  async view(accountId: string, id: string): Promise<FinderJobView> {
    const doc = await this.document(accountId, id);
    return toFinderJobView(
      doc,
      this.clock.now(),
      doc.status === 'Processing' ? await this.progress.rowsInFlight(doc.jobId) : 0,
    );
  }

  /** Newest first. */
  async list(accountId: string, request: PageRequest): Promise<Page<FinderJobView>> {
    const { docs, total } = await readPage(this.jobs, NEWEST_JOBS_FIRST({ accountId }), request);
    const now = this.clock.now();
    return toPage(
      docs.map((doc) => toFinderJobView(doc, now)),
      request,
      total,
    );
  }
}

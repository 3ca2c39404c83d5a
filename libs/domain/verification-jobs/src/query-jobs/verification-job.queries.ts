import { Injectable } from '@nestjs/common';
import { Clock, DomainError, isNumericId, Page, PageRequest, toPage } from '@lib/common';
import { ReadStore, readPage } from '@lib/readstore';
import { VERIFICATION_JOBS_COLLECTION, VerificationJobDocument } from './verification-job.documents';
import { VerificationJobView, toVerificationJobView } from './verification-job.view';
import { JobKind, NEWEST_JOBS_FIRST, ChunkProgressBoard } from '@lib/jobs';

/** The read side of jobs of any kind: ownership is checked here, so other accounts' jobs are simply not found. */
@Injectable()
export class VerificationJobQueries {
  constructor(
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    private readonly progress: ChunkProgressBoard,
  ) {}

  private get jobs() {
    return this.readStore.collection<VerificationJobDocument>(VERIFICATION_JOBS_COLLECTION);
  }

  /** The caller's job document, or 404 (also for a malformed id and for another account's job). */
  async document(accountId: string, id: string, kind: JobKind = 'verification'): Promise<VerificationJobDocument> {
    const doc = isNumericId(id) ? await this.jobs.get(String(Number(id))) : null;
    if (!doc || doc.accountId !== accountId || doc.kind !== kind)
      throw new DomainError('JOB_NOT_FOUND', `Job ${id} not found.`);
    return doc;
  }

  async view(accountId: string, id: string, kind: JobKind = 'verification'): Promise<VerificationJobView> {
    const doc = await this.document(accountId, id, kind);
    return toVerificationJobView(
      doc,
      this.clock.now(),
      doc.status === 'Processing' ? await this.progress.rowsInFlight(doc.jobId) : 0,
    );
  }

  /** Newest first. */
  async list(
    accountId: string,
    request: PageRequest,
    kind: JobKind = 'verification',
  ): Promise<Page<VerificationJobView>> {
    const { docs, total } = await readPage(this.jobs, NEWEST_JOBS_FIRST({ accountId, kind }), request);
    const now = this.clock.now();
    return toPage(
      docs.map((doc) => toVerificationJobView(doc, now)),
      request,
      total,
    );
  }
}

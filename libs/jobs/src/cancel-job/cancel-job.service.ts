import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { jobDecider, jobStream } from '../domain/job.decider';
import { JOBS_COLLECTION } from '../projection/job-document';
import { JobQueries } from '../query/job-queries';
import { JobView } from '../query/job-view';

/**
 * DELETE /v1/jobs/{id}. Chunks in flight finish their probe but their results are dropped and their
 * holds released by the worker; chunks not yet started are skipped: unprocessed rows are never charged.
 */
@Injectable()
export class CancelJobService {
  constructor(
    private readonly events: EventStore,
    private readonly queries: JobQueries,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async cancel(accountId: string, id: string): Promise<JobView> {
    const doc = await this.queries.document(accountId, id);
    const run = await runCommand(this.events, jobStream(doc.jobId), jobDecider, { type: 'CancelJob', accountId, at: this.clock.nowIso() }, { load: 'last' });
    await this.freshness.waitForDocument(JOBS_COLLECTION, doc._id, run.position, 5_000);
    return this.queries.view(accountId, id);
  }
}

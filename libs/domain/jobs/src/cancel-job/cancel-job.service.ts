import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { jobStream } from '../domain/job-stream';
import type { JobKindStream, JobKindTypes } from '../job-kind';

/** One job kind's part of DELETE: its decider, its cancel command and the read model its view comes from. */
export interface CancellableJobKind<K extends JobKindTypes> extends JobKindStream<K> {
  cancelCommand(accountId: string, at: string): K['command'];
}

/** The kind's reads: the caller's job (404 for anyone else's) and its view. */
export interface JobReads<V> {
  document(accountId: string, id: string): Promise<{ _id: string; jobId: number }>;
  view(accountId: string, id: string): Promise<V>;
}

/**
 * DELETE /v1/jobs/{id} and /v1/finder/jobs/{id}. The job's end reaches chunks in flight within a second
 * (ChunkWorkflow aborts their work): they record nothing and their holds are released; chunks not yet
 * started are skipped. Unprocessed rows are never charged; rows recorded before stay downloadable.
 */
@Injectable()
export class CancelJobService {
  constructor(
    private readonly events: EventStore,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async cancel<K extends JobKindTypes>(
    kind: CancellableJobKind<K>,
    reads: JobReads<K['view']>,
    accountId: string,
    id: string,
  ): Promise<K['view']> {
    const doc = await reads.document(accountId, id);
    const run = await runCommand(
      this.events,
      jobStream(doc.jobId),
      kind.decider,
      kind.cancelCommand(accountId, this.clock.nowIso()),
      { load: 'last' },
    );
    await this.freshness.waitForDocument(kind.collection, doc._id, run.position, 5_000);
    return reads.view(accountId, id);
  }
}

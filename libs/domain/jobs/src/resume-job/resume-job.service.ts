import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { CreditLedger } from '@lib/ledger';
import { EventStore, runCommand } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { jobStream } from '../domain/job-stream';
import type { JobReads } from '../cancel-job/cancel-job.service';
import type { JobKindStream, JobKindTypes } from '../job-kind';

/** One job kind's part of POST …/{id}/resume: its decider, its resume command and the read model its view comes from. */
export interface ResumableJobKind<K extends JobKindTypes> extends JobKindStream<K> {
  resumeCommand(accountId: string, at: string): K['command'];
}

/**
 * POST /v1/jobs/{id}/resume: a job failed because the balance ran out works again from its first undone
 * row, on the file already uploaded. Rows recorded before are neither verified nor charged again (each
 * chunk is recorded once; a chunk's charge settles only the hold of the run that recorded it). Refused
 * with 402 while not one credit is available: the job would fail again at once.
 */
@Injectable()
export class ResumeJobService {
  constructor(
    private readonly events: EventStore,
    private readonly ledger: CreditLedger,
    private readonly freshness: ReadModelFreshness,
    private readonly clock: Clock,
  ) {}

  async resume<K extends JobKindTypes>(
    kind: ResumableJobKind<K>,
    reads: JobReads<K['view']>,
    accountId: string,
    id: string,
  ): Promise<K['view']> {
    const doc = await reads.document(accountId, id);
    if ((await this.ledger.current(accountId)).available < 1)
      throw new DomainError('INSUFFICIENT_CREDITS', 'No credit is available: buy credits, then resume the job.');
    const run = await runCommand(
      this.events,
      jobStream(doc.jobId),
      kind.decider,
      kind.resumeCommand(accountId, this.clock.nowIso()),
      { load: { latest: 2 } },
    );
    await this.freshness.waitForDocument(kind.collection, doc._id, run.position, 5_000);
    return reads.view(accountId, id);
  }
}

import { Injectable, OnModuleInit } from '@nestjs/common';
import { Clock, mapBounded } from '@lib/common';
import { aggregateStream, EventStore, runCommand } from '@lib/eventstore';
import {
  ChunkWorkflow,
  hasChunk,
  jobStream,
  scanJobStreamBackwards,
  type ChunkKind,
  type ChunkStatus,
  type CreditsFailure,
  type PaidChunk,
} from '@lib/jobs';
import { EmailFinders } from '../test-mode/email-finders';
import { FINDER_PRICE } from '../domain/finder-call.decider';
import { finderJobDecider } from '../domain/finder-job.decider';
import { rowsOf, type FinderChunk } from '../create-finder-job/finder-job-plan';
import type { FinderChunkCompleted, FinderJobEvent, FinderJobRowResult } from '../domain/finder-job.events';

export const FINDER_CHUNK_TOPIC = 'finder.chunks';
const CONTACT_CONCURRENCY = 4;

export interface FinderChunkMessage extends FinderChunk {
  jobId: number;
  accountId: string;
}

type Recorded = FinderChunkCompleted['data'];

/**
 * Finder job chunks in the one chunk workflow (ChunkWorkflow, docs/finder.md): a row is a contact,
 * worked by the email finder, 10 credits held per contact and charged per address returned.
 */
@Injectable()
export class FinderChunkProcessor
  implements ChunkKind<FinderChunkMessage, FinderJobRowResult[], Recorded>, OnModuleInit
{
  readonly purpose = 'finder_job_chunk';
  readonly holdPrefix = 'finder-job';
  readonly cancelledEventType = 'FinderJobCancelled';
  /** A contact's search is not cut into credits: a chunk holds all its contacts' price or waits for it. */
  readonly cuts = false;

  constructor(
    private readonly events: EventStore,
    private readonly workflow: ChunkWorkflow,
    private readonly finders: EmailFinders,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.workflow.registerSweptHolds(this);
  }

  holdAmount(message: FinderChunkMessage): number {
    return FINDER_PRICE * message.contacts.length;
  }

  async status(message: Pick<PaidChunk, 'jobId' | 'chunkNo'>): Promise<ChunkStatus<Recorded>> {
    const { state, expectedRevision } = await aggregateStream(this.events, jobStream(message.jobId), finderJobDecider, {
      latest: 1,
    });
    if (expectedRevision === 'no_stream') return { open: false, recorded: null }; // a job that never existed: nothing to do or pay
    if (
      (state.status === 'Pending' || state.status === 'Processing') &&
      !hasChunk(state.snapshot.doneChunks, message.chunkNo)
    )
      return { open: true, keyId: state.snapshot.keyId };
    return { open: false, recorded: await this.findRecorded(message) };
  }

  work(
    message: FinderChunkMessage,
    signal: AbortSignal,
    rowsDone: (rows: number) => void,
  ): Promise<FinderJobRowResult[]> {
    const finder = this.finders.for(message.accountId);
    return mapBounded(message.contacts, CONTACT_CONCURRENCY, async (contact) => {
      const outcome = await finder.find(contact.input, { signal, lane: 'bulk' });
      rowsDone(rowsOf(contact));
      return { ...contact, outcome };
    });
  }

  async record(message: FinderChunkMessage, results: FinderJobRowResult[]): Promise<Recorded | null> {
    const run = await runCommand(
      this.events,
      jobStream(message.jobId),
      finderJobDecider,
      { type: 'CompleteFinderChunk', chunkNo: message.chunkNo, results, at: this.clock.nowIso() },
      { load: 'last' },
    );
    return recordIn(run.events, message.chunkNo);
  }

  charged(recorded: Recorded): number {
    return recorded.charged;
  }

  async failForCredits(message: FinderChunkMessage, reason: CreditsFailure): Promise<void> {
    await runCommand(
      this.events,
      jobStream(message.jobId),
      finderJobDecider,
      { type: 'FailFinderJob', reason, at: this.clock.nowIso() },
      { load: 'last' },
    );
  }

  private async findRecorded(message: Pick<PaidChunk, 'jobId' | 'chunkNo'>): Promise<Recorded | null> {
    let found: Recorded | null = null;
    await scanJobStreamBackwards<FinderJobEvent>(this.events, message.jobId, finderJobDecider.upcasters, (event) => {
      found = recordIn([event], message.chunkNo);
      return found !== null;
    });
    return found;
  }
}

function recordIn(events: FinderJobEvent[], chunkNo: number): Recorded | null {
  const done = events.find((e) => e.type === 'FinderChunkCompleted' && e.data.chunkNo === chunkNo);
  return done?.type === 'FinderChunkCompleted' ? done.data : null;
}

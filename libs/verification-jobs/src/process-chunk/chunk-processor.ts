import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { MessageBus } from '@lib/messaging';
import { VerificationEngine } from '@lib/verification';
import { splitForRetry, type ChunkOutcome } from '../domain/chunk-retry';
import { chunkDone, jobDecider } from '../domain/verification-job.decider';
import { JobEvent } from '../domain/verification-job.events';
import { ChunkMessage, retryTopic } from './chunk-message';
import { findRecordedChunk, loadJobState, RecordedChunk } from './recorded-chunks';
import {
  jobStream,
  isTerminal,
  ChunkKind,
  ChunkStatus,
  ChunkWorkflow,
  JOBS_CONFIG,
  type JobsConfig,
  PaidChunk,
} from '@lib/jobs';

/** Deliveries of a chunk that may find the balance short before the job fails: other chunks' holds may settle meanwhile. */
export const HOLD_ATTEMPTS = 4;

/**
 * Bulk verification chunks in the one chunk workflow (ChunkWorkflow, docs/bulk-jobs.md): a row is an
 * address, worked by the engine in bulk mode, one credit held per address and charged per decisive
 * verdict; a record may schedule a greylisting retry, published again whenever the record is settled.
 */
@Injectable()
export class ChunkProcessor implements ChunkKind<ChunkMessage, ChunkOutcome, RecordedChunk>, OnModuleInit {
  readonly purpose = 'job_chunk';
  readonly holdPrefix = 'job';
  readonly cancelledEventType = 'JobCancelled';
  readonly holdAttempts = HOLD_ATTEMPTS;

  constructor(
    private readonly events: EventStore,
    private readonly workflow: ChunkWorkflow,
    private readonly bus: MessageBus,
    private readonly clock: Clock,
    private readonly engine: VerificationEngine,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {}

  onModuleInit(): void {
    this.workflow.registerSweptHolds(this);
  }

  holdAmount(message: ChunkMessage): number {
    return message.items.length;
  }

  async status(message: Pick<PaidChunk, 'jobId' | 'chunkNo'>): Promise<ChunkStatus<RecordedChunk>> {
    const state = await loadJobState(this.events, message.jobId);
    if (state.status === 'Initial') return { open: false, recorded: null }; // a job that never existed: nothing to do or pay
    const done = chunkDone(state, message.chunkNo);
    if (!isTerminal(state.status) && !done) return { open: true };
    return {
      open: false,
      recorded: done === false ? null : await findRecordedChunk(this.events, message.jobId, message.chunkNo),
    };
  }

  async work(message: ChunkMessage, signal: AbortSignal, rowsDone: (rows: number) => void): Promise<ChunkOutcome> {
    const progress = (indexes: number[]) => rowsDone(indexes.reduce((sum, i) => sum + message.items[i].rows, 0));
    const verdicts = await this.engine.verifyMany(
      message.items.map((item) => item.email),
      { mode: 'bulk', signal, progress },
    );
    return splitForRetry(message.items, verdicts, message.level, this.config.greylistRetryDelaysMs, this.clock.now());
  }

  async record(message: ChunkMessage, outcome: ChunkOutcome): Promise<RecordedChunk | null> {
    const run = await runCommand(
      this.events,
      jobStream(message.jobId),
      jobDecider,
      {
        type: 'CompleteChunk',
        chunkNo: message.chunkNo,
        results: outcome.results,
        retry: outcome.retry,
        at: this.clock.nowIso(),
      },
      { load: 'last' },
    );
    return recordedIn(run.events, message.chunkNo);
  }

  charged(recorded: RecordedChunk): number {
    return recorded.completed.charged;
  }

  async afterRecord(message: ChunkMessage, recorded: RecordedChunk): Promise<void> {
    if (!recorded.retry) return;
    const { retryChunkNo, level, notBefore, items } = recorded.retry;
    const retry: ChunkMessage = {
      jobId: message.jobId,
      accountId: message.accountId,
      chunkNo: retryChunkNo,
      level,
      notBefore,
      items,
    };
    await this.bus.publish(retryTopic(level), [
      { key: items[0].email.slice(items[0].email.lastIndexOf('@') + 1), value: { ...retry } },
    ]);
  }

  async failForCredits(message: ChunkMessage): Promise<void> {
    await runCommand(
      this.events,
      jobStream(message.jobId),
      jobDecider,
      { type: 'FailJob', reason: 'insufficient_credits', at: this.clock.nowIso() },
      { load: 'last' },
    );
  }
}

function recordedIn(events: JobEvent[], chunkNo: number): RecordedChunk | null {
  const completed = events.find((e) => e.type === 'ChunkCompleted' && e.data.chunkNo === chunkNo);
  const retry = events.find((e) => e.type === 'ChunkRetryScheduled' && e.data.fromChunkNo === chunkNo);
  if (!completed || completed.type !== 'ChunkCompleted') return null;
  return { completed: completed.data, retry: retry?.type === 'ChunkRetryScheduled' ? retry.data : null };
}

import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '@lib/common';
import type { JobsConfig } from '@lib/config';
import { EventStore, runCommand } from '@lib/eventstore';
import { MessageBus } from '@lib/messaging';
import { Verifiers } from '@lib/verification-engine';
import { splitForRetry, type ChunkOutcome } from '../domain/chunk-retry';
import { chunkDone, verificationJobDecider } from '../domain/verification-job.decider';
import { LaterItems } from '../domain/verification-job.commands';
import { VerificationJobEvent } from '../domain/verification-job.events';
import { VERIFICATION_CHUNK_TOPIC, VerificationChunkMessage, verificationRetryTopic } from './chunk-message';
import { findRecordedChunk, loadVerificationJobState, RecordedChunk } from './recorded-chunks';
import {
  jobStream,
  isTerminal,
  ChunkKind,
  ChunkStatus,
  ChunkWorkflow,
  JOBS_CONFIG,
  type CreditsFailure,
  PaidChunk,
} from '@lib/jobs';

/** A chunk's work: its results and greylisting retry, and the addresses its budget left for later. */
type ChunkWork = ChunkOutcome & { remainder: LaterItems | null };

/**
 * Bulk verification chunks in the one chunk workflow (ChunkWorkflow, docs/bulk-jobs.md): a row is an
 * address, worked by the engine in bulk mode, one credit held per address and charged per decisive
 * verdict; a record may schedule a greylisting retry, published again whenever the record is settled.
 * A chunk that could hold fewer credits than addresses (balance short, or its key's monthly cap) verifies
 * that many and records the rest as a remainder chunk, published like a retry, which holds again when it runs.
 */
@Injectable()
export class VerificationChunkProcessor
  implements ChunkKind<VerificationChunkMessage, ChunkWork, RecordedChunk>, OnModuleInit
{
  readonly purpose = 'job_chunk';
  readonly holdPrefix = 'job';
  readonly cancelledEventType = 'JobCancelled';
  readonly cuts = true;

  constructor(
    private readonly events: EventStore,
    private readonly workflow: ChunkWorkflow,
    private readonly bus: MessageBus,
    private readonly clock: Clock,
    private readonly verifiers: Verifiers,
    @Inject(JOBS_CONFIG) private readonly config: JobsConfig,
  ) {}

  onModuleInit(): void {
    this.workflow.registerSweptHolds(this);
  }

  holdAmount(message: VerificationChunkMessage): number {
    return message.items.length;
  }

  async status(message: Pick<PaidChunk, 'jobId' | 'chunkNo'>): Promise<ChunkStatus<RecordedChunk>> {
    const state = await loadVerificationJobState(this.events, message.jobId);
    if (state.status === 'Initial') return { open: false, recorded: null }; // a job that never existed: nothing to do or pay
    const done = chunkDone(state, message.chunkNo);
    if (!isTerminal(state.status) && !done)
      return { open: true, run: state.snapshot?.run ?? 0, keyId: state.snapshot?.keyId };
    return {
      open: false,
      recorded: done === false ? null : await findRecordedChunk(this.events, message.jobId, message.chunkNo),
    };
  }

  async work(
    message: VerificationChunkMessage,
    signal: AbortSignal,
    rowsDone: (rows: number) => void,
    budget: number,
  ): Promise<ChunkWork> {
    // Each address costs at most one credit: the budget pays for that many, the rest waits for credit.
    const items = message.items.slice(0, budget);
    const rest = message.items.slice(budget);
    const progress = (indexes: number[]) => rowsDone(indexes.reduce((sum, i) => sum + items[i].rows, 0));
    // A test job's rows are answered from the magic table, through the same workflow as a live job's.
    const verdicts = await this.verifiers.for(message.accountId).verifyMany(
      items.map((item) => item.email),
      { mode: 'bulk', signal, progress },
    );
    const now = this.clock.now();
    const notBefore = message.notBefore ?? new Date(now).toISOString();
    return {
      ...splitForRetry(items, verdicts, message.level, this.config.greylistRetryDelaysMs, now),
      remainder: rest.length > 0 ? { items: rest, level: message.level, notBefore } : null,
    };
  }

  async record(message: VerificationChunkMessage, outcome: ChunkWork): Promise<RecordedChunk | null> {
    const run = await runCommand(
      this.events,
      jobStream(message.jobId),
      verificationJobDecider,
      {
        type: 'CompleteChunk',
        chunkNo: message.chunkNo,
        results: outcome.results,
        retry: outcome.retry,
        remainder: outcome.remainder,
        ...(message.run ? { run: message.run } : {}),
        at: this.clock.nowIso(),
      },
      { load: 'last' },
    );
    return recordedIn(run.events, message.chunkNo);
  }

  charged(recorded: RecordedChunk): number {
    return recorded.completed.charged;
  }

  recordedRun(recorded: RecordedChunk): number {
    return recorded.completed.run ?? 0;
  }

  async afterRecord(message: VerificationChunkMessage, recorded: RecordedChunk): Promise<void> {
    for (const later of recorded.later) await publishLater(this.bus, message, later);
  }

  async failForCredits(message: VerificationChunkMessage, reason: CreditsFailure): Promise<void> {
    await runCommand(
      this.events,
      jobStream(message.jobId),
      verificationJobDecider,
      { type: 'FailJob', reason, at: this.clock.nowIso() },
      { load: 'last' },
    );
  }
}

/**
 * Publishes a chunk scheduled by a record (or again by a resume): a first-pass remainder with the first
 * passes, a retry level's on its topic. Safe to repeat: a chunk done already is skipped by its worker.
 */
export async function publishLater(
  bus: MessageBus,
  job: { jobId: number; accountId: string; run?: number },
  later: { retryChunkNo: number; level: number; notBefore: string; items: VerificationChunkMessage['items'] },
): Promise<void> {
  const { retryChunkNo, level, notBefore } = later;
  // An address erased in the log since (a data subject's request) is not verified again; the chunk still
  // runs, so the job still ends.
  const items = later.items.filter((item) => item.email !== null);
  const message: VerificationChunkMessage = {
    jobId: job.jobId,
    accountId: job.accountId,
    chunkNo: retryChunkNo,
    level,
    notBefore,
    items,
    ...(job.run ? { run: job.run } : {}),
  };
  const key = items.length > 0 ? items[0].email.slice(items[0].email.lastIndexOf('@') + 1) : `job-${job.jobId}`;
  await bus.publish(level === 0 ? VERIFICATION_CHUNK_TOPIC : verificationRetryTopic(level), [
    { key, value: { ...message } },
  ]);
}

function recordedIn(events: VerificationJobEvent[], chunkNo: number): RecordedChunk | null {
  const completed = events.find((e) => e.type === 'ChunkCompleted' && e.data.chunkNo === chunkNo);
  if (!completed || completed.type !== 'ChunkCompleted') return null;
  const later = events.flatMap((e) =>
    e.type === 'ChunkRetryScheduled' && e.data.fromChunkNo === chunkNo ? [e.data] : [],
  );
  return { completed: completed.data, later };
}

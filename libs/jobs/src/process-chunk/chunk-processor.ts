import { Inject, Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { AppConfig } from '@lib/config';
import { CreditLedger } from '@lib/credits';
import { EventStore, runCommand } from '@lib/eventstore';
import { MessageBus } from '@lib/messaging';
import { APP_CONFIG } from '@lib/platform';
import { VerificationEngine } from '@lib/verification';
import { splitForRetry } from '../domain/chunk-retry';
import { chunkDone, isTerminal, jobDecider, jobStream } from '../domain/job.decider';
import { JobEvent } from '../domain/job.events';
import { ChunkMessage, chunkHoldId, retryTopic } from './chunk-message';
import { findRecordedChunk, loadJobState, RecordedChunk } from './job-stream-reader';

/** Deliveries of a chunk that may find the balance short before the job fails: other chunks' holds may settle meanwhile. */
export const HOLD_ATTEMPTS = 4;

/**
 * Verifies one chunk. The order of steps is what makes a crash anywhere safe (docs/bulk-jobs.md):
 * 1. hold credits for every address of the chunk (idempotent per chunk),
 * 2. verify,
 * 3. append ChunkCompleted with the results and the charge (once per chunk: the decider ignores a
 *    chunk already recorded),
 * 4. publish the greylisted rest, then settle the hold with the charge RECORDED in the job stream.
 * A redelivery before step 3 repeats the work under the same hold; after step 3 it only redoes step 4
 * from what was recorded. Settling twice is a no-op, so nothing is charged twice, and a chunk whose
 * results were never recorded (job cancelled or failed) has its hold released.
 */
@Injectable()
export class ChunkProcessor {
  constructor(
    private readonly events: EventStore,
    private readonly ledger: CreditLedger,
    private readonly bus: MessageBus,
    private readonly clock: Clock,
    private readonly engine: VerificationEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(message: ChunkMessage, attempt: number): Promise<void> {
    const state = await loadJobState(this.events, message.jobId);
    if (state.status === 'Initial') return; // a job that never existed: nothing to do or pay
    if (isTerminal(state.status) || chunkDone(state, message.chunkNo)) return this.finishRecorded(message, chunkDone(state, message.chunkNo));
    if (!(await this.hold(message, attempt))) return;
    const verdicts = await this.engine.verifyMany(message.items.map((item) => item.email), { mode: 'bulk' });
    const outcome = splitForRetry(message.items, verdicts, message.level, this.config.jobs.greylistRetryDelaysMs, this.clock.now());
    const run = await runCommand(this.events, jobStream(message.jobId), jobDecider, {
      type: 'CompleteChunk', chunkNo: message.chunkNo, results: outcome.results, retry: outcome.retry, at: this.clock.nowIso(),
    }, { load: 'last' });
    await this.settle(message, recordedIn(run.events, message.chunkNo));
  }

  /** False when the job was failed for lack of credits instead. */
  private async hold(message: ChunkMessage, attempt: number): Promise<boolean> {
    try {
      await this.ledger.hold(message.accountId, {
        holdId: chunkHoldId(message.jobId, message.chunkNo), amount: message.items.length, purpose: 'job_chunk',
        reference: `job:${message.jobId}:chunk:${message.chunkNo}`,
      });
      return true;
    } catch (error) {
      if (!(error instanceof DomainError) || error.errorName !== 'INSUFFICIENT_CREDITS' || attempt < HOLD_ATTEMPTS) throw error;
      await runCommand(this.events, jobStream(message.jobId), jobDecider, { type: 'FailJob', reason: 'insufficient_credits', at: this.clock.nowIso() }, { load: 'last' });
      return false;
    }
  }

  /** A redelivered chunk: its results are already recorded, or will never be (job over). */
  private async finishRecorded(message: ChunkMessage, done: boolean | null): Promise<void> {
    const recorded = done === false ? null : await findRecordedChunk(this.events, message.jobId, message.chunkNo);
    await this.settle(message, recorded);
  }

  private async settle(message: ChunkMessage, recorded: RecordedChunk | null): Promise<void> {
    if (recorded?.retry) {
      const { retryChunkNo, level, notBefore, items } = recorded.retry;
      const retry: ChunkMessage = { jobId: message.jobId, accountId: message.accountId, chunkNo: retryChunkNo, level, notBefore, items };
      await this.bus.publish(retryTopic(level), [{ key: items[0].email.slice(items[0].email.lastIndexOf('@') + 1), value: { ...retry } }]);
    }
    await this.ledger.settle(message.accountId, chunkHoldId(message.jobId, message.chunkNo), recorded?.completed.charged ?? 0);
  }
}

function recordedIn(events: JobEvent[], chunkNo: number): RecordedChunk | null {
  const completed = events.find((e) => e.type === 'ChunkCompleted' && e.data.chunkNo === chunkNo);
  const retry = events.find((e) => e.type === 'ChunkRetryScheduled' && e.data.fromChunkNo === chunkNo);
  if (!completed || completed.type !== 'ChunkCompleted') return null;
  return { completed: completed.data, retry: retry?.type === 'ChunkRetryScheduled' ? retry.data : null };
}

import { Injectable } from '@nestjs/common';
import { DomainError } from '@lib/common';
import { CreditLedger, RecordedWorkCharges, STILL_WORKING, type JobChunkPurpose } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import { jobStream } from '../domain/job-stream';
import { ChunkProgressBoard } from '../track-progress/chunk-progress-board';
import { chunkHoldId, chunkOfHoldId } from './chunk-hold-id';
import { JobEndWatches } from './job-end-watch';

/** What a bus message of any job kind's chunk carries at least. */
export interface PaidChunk {
  jobId: number;
  accountId: string;
  chunkNo: number;
}

/** What the job stream says about a chunk: still to be worked, or closed with what was recorded (null: nothing, ever). */
export type ChunkStatus<R> = { open: true } | { open: false; recorded: R | null };

/**
 * One job kind in the chunk workflow: what a chunk holds, how it is worked, how its results are recorded
 * and what they cost. Each kind (bulk verification, finder) implements it in its own lib.
 */
export interface ChunkKind<M extends PaidChunk, W, R> {
  readonly purpose: JobChunkPurpose;
  /** Starts the kind's chunk hold ids (chunkHoldId), one prefix per kind, so the sweeper knows whose record to read. */
  readonly holdPrefix: string;
  /** The kind's cancel event: after it, or after JobFailed, a chunk in flight stops its work. */
  readonly cancelledEventType: string;
  /** Deliveries that may find the balance short before the job fails: other chunks' holds may settle meanwhile. */
  readonly holdAttempts: number;
  /** The most the chunk can cost: what is held. */
  holdAmount(message: M): number;
  status(chunk: Pick<PaidChunk, 'jobId' | 'chunkNo'>): Promise<ChunkStatus<R>>;
  /**
   * `signal` aborts when the job ends meanwhile (cancelled, failed): stop issuing probes. `rowsDone`
   * is told rows as they are answered (live progress).
   */
  work(message: M, signal: AbortSignal, rowsDone: (rows: number) => void): Promise<W>;
  /** Appends the chunk's results once; null when nothing was appended (job over, or recorded meanwhile). */
  record(message: M, work: W): Promise<R | null>;
  /** The charge a record fixed. */
  charged(record: R): number;
  /** Follow-up published from a record (greylisting retries); must be safe to repeat. */
  afterRecord?(message: M, record: R): Promise<void>;
  failForCredits(message: M): Promise<void>;
}

/**
 * The one chunk workflow of every job kind, in the order that makes a redelivery or a crash anywhere safe:
 * load what is recorded -> skip the work if the chunk is closed -> hold -> work -> record -> settle with
 * the charge the RECORD fixed. A redelivery after the record only settles again (a no-op once settled),
 * so nothing is charged twice; a chunk whose results will never be recorded (job cancelled or failed)
 * has its hold released. Two deliveries that overlap (a rebalance) may both find the chunk open: the one
 * that holds after the other settled is refused by the ledger (HOLD_ALREADY_ENDED, seen from the ledger
 * position read before the status), and it only settles what was recorded, as a late redelivery does.
 */
@Injectable()
export class ChunkWorkflow {
  private readonly jobEnds = new JobEndWatches((jobId) => this.lastEventType(jobId));

  constructor(
    private readonly ledger: CreditLedger,
    private readonly events: EventStore,
    private readonly progress: ChunkProgressBoard,
    private readonly recordedWork: RecordedWorkCharges,
  ) {}

  /**
   * Tells the expired-hold sweeper what a kind's chunk recorded, so a chunk whose message was lost after
   * its record (or whose worker died before settling and is never redelivered) is charged what the job
   * stream's record says, as a redelivery would settle it. A chunk closed without a record (job cancelled
   * or failed) is released; one of a job still running keeps its hold: its work may still be recording.
   * A redelivery after the sweep finds the record and settles a hold that is gone: nothing more is charged.
   */
  registerSweptHolds<M extends PaidChunk, W, R>(kind: ChunkKind<M, W, R>): void {
    this.recordedWork.register([kind.purpose], async (hold) => {
      const chunk = chunkOfHoldId(hold._id, kind.holdPrefix);
      if (!chunk) return null;
      const status = await kind.status(chunk);
      if (status.open) return STILL_WORKING;
      return status.recorded ? kind.charged(status.recorded) : null;
    });
  }

  async run<M extends PaidChunk, W, R>(kind: ChunkKind<M, W, R>, message: M, attempt: number): Promise<void> {
    // Read before the status: an end of this chunk's hold after it is one the status may not show yet.
    const basis = (await this.ledger.current(message.accountId)).position;
    const before = await kind.status(message);
    if (!before.open) return this.settle(kind, message, before.recorded);
    const held = await this.hold(kind, message, attempt, basis);
    if (held === 'ended elsewhere') return this.settle(kind, message, await this.recordedMeanwhile(kind, message));
    if (held === 'job failed') return;
    const watch = this.jobEnds.watch(message.jobId, new Set([kind.cancelledEventType, 'JobFailed']));
    const gauge = this.progress.reporter(message.jobId, message.chunkNo);
    const work = await kind
      .work(message, watch.signal, (rows) => gauge.add(rows))
      .finally(async () => {
        watch.stop();
        await gauge.stop();
      });
    const recorded = (await kind.record(message, work)) ?? (await this.recordedMeanwhile(kind, message));
    await this.settle(kind, message, recorded);
  }

  private async lastEventType(jobId: number): Promise<string | undefined> {
    const [last] = await this.events.readStream(jobStream(jobId), { direction: 'backwards', maxCount: 1 });
    return last?.type;
  }

  /** Nothing appended: the job ended meanwhile (null), or another delivery recorded the chunk first. */
  private async recordedMeanwhile<M extends PaidChunk, W, R>(kind: ChunkKind<M, W, R>, message: M): Promise<R | null> {
    const status = await kind.status(message);
    return status.open ? null : status.recorded;
  }

  /**
   * 'ended elsewhere': another delivery settled (or released) this chunk's hold since `basis`, so the chunk
   * is closed; 'job failed': the job was failed for lack of credits instead.
   */
  private async hold<M extends PaidChunk, W, R>(
    kind: ChunkKind<M, W, R>,
    message: M,
    attempt: number,
    basis: number,
  ): Promise<'held' | 'ended elsewhere' | 'job failed'> {
    try {
      await this.ledger.hold(message.accountId, {
        holdId: chunkHoldId(message.jobId, message.chunkNo, kind.holdPrefix),
        amount: kind.holdAmount(message),
        purpose: kind.purpose,
        reference: `job:${message.jobId}:chunk:${message.chunkNo}`,
        basis,
      });
      return 'held';
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.errorName === 'HOLD_ALREADY_ENDED') return 'ended elsewhere';
      if (error.errorName !== 'INSUFFICIENT_CREDITS' || attempt < kind.holdAttempts) throw error;
      await kind.failForCredits(message);
      return 'job failed';
    }
  }

  private async settle<M extends PaidChunk, W, R>(
    kind: ChunkKind<M, W, R>,
    message: M,
    recorded: R | null,
  ): Promise<void> {
    if (recorded && kind.afterRecord) await kind.afterRecord(message, recorded);
    await this.progress.clear(message.jobId, message.chunkNo); // the record counts these rows now (or they will never count)
    await this.ledger.settle(
      message.accountId,
      chunkHoldId(message.jobId, message.chunkNo, kind.holdPrefix),
      recorded ? kind.charged(recorded) : 0,
    );
  }
}

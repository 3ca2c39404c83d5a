import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '@lib/common';
import {
  ChargingKeys,
  CreditLedger,
  RecordedWorkCharges,
  STILL_WORKING,
  type ChargingKey,
  type JobChunkPurpose,
} from '@lib/ledger';
import { EventStore } from '@lib/eventstore';
import { INSUFFICIENT_CREDITS_FAILURE, KEY_CREDIT_CAP_FAILURE, type CreditsFailure } from '../domain/job-lifecycle';
import { jobStream } from '../domain/job-stream';
import { ChunkProgressBoard } from '../track-progress/chunk-progress-board';
import { chunkHoldId, chunkOfHoldId } from './chunk-hold-id';
import { JobEndWatches } from './job-end-watch';

/** What a bus message of any job kind's chunk carries at least. */
export interface PaidChunk {
  jobId: number;
  accountId: string;
  chunkNo: number;
  /** The job's run the message was published in: 0 (absent) first, n after the n-th resume. */
  run?: number;
}

/**
 * What the job stream says about a chunk: still to be worked (in the job's current `run`, absent: 0, charged
 * through `keyId`, the key the job was started with), or closed with what was recorded (null: nothing, ever).
 */
export type ChunkStatus<R> = { open: true; run?: number; keyId?: string } | { open: false; recorded: R | null };

/**
 * How long a chunk that found no credit waits for other holds of the account to end before it looks again:
 * 250 ms, doubling to 2 s, so many chunks waiting behind a long hold read the ledger seldom.
 */
const creditWaitMs = (looks: number): number => Math.min(2_000, 250 * 2 ** looks);

const runOf = (chunk: { run?: number }): number => chunk.run ?? 0;

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
  /**
   * true: the kind's chunk can be cut, so it holds what the balance allows when that is less than
   * `holdAmount` and `work` does that many credits' worth, recording the rest for later (the bulk kind);
   * false: it holds `holdAmount` or waits.
   */
  readonly cuts: boolean;
  /** The most the chunk can cost: what is held. */
  holdAmount(message: M): number;
  status(chunk: Pick<PaidChunk, 'jobId' | 'chunkNo'>): Promise<ChunkStatus<R>>;
  /**
   * `signal` aborts when the job ends meanwhile (cancelled, failed): stop issuing probes. `rowsDone`
   * is told rows as they are answered (live progress). `budget`: the credits held, the most the work may
   * cost (holdAmount, or less for a kind that `cuts`).
   */
  work(message: M, signal: AbortSignal, rowsDone: (rows: number) => void, budget: number): Promise<W>;
  /** Appends the chunk's results once; null when nothing was appended (job over, or recorded meanwhile). */
  record(message: M, work: W): Promise<R | null>;
  /** The charge a record fixed. */
  charged(record: R): number;
  /** The run a record was made in (absent: kinds never resumed, always 0): only that run's hold pays for it. */
  recordedRun?(record: R): number;
  /** Follow-up published from a record (greylisting retries); must be safe to repeat. */
  afterRecord?(message: M, record: R): Promise<void>;
  /** Ends the job for lack of credits: the balance's (INSUFFICIENT_CREDITS_FAILURE) or its key's cap's. */
  failForCredits(message: M, reason: CreditsFailure): Promise<void>;
}

/**
 * The one chunk workflow of every job kind, in the order that makes a redelivery or a crash anywhere safe:
 * load what is recorded -> skip the work if the chunk is closed -> hold -> work -> record -> settle with
 * the charge the RECORD fixed. A redelivery after the record only settles again (a no-op once settled),
 * so nothing is charged twice; a chunk whose results will never be recorded (job cancelled or failed)
 * has its hold released. Two deliveries that overlap (a rebalance) may both find the chunk open: the one
 * that holds after the other settled is refused by the ledger (HOLD_ALREADY_ENDED, seen from the ledger
 * position read before the status), and it only settles what was recorded, as a late redelivery does.
 *
 * A chunk that finds the balance short holds what is left (a kind that `cuts`) or waits while other holds
 * of the account may still give credits back; the job fails only when not one credit is available and
 * none is held. The key the job was started with is held to its monthly credit cap the same way, in the
 * same ledger decision: a chunk holds what the cap leaves, waits while the key's other holds may give room
 * back, and the job fails (KEY_CREDIT_CAP_FAILURE) once the key holds nothing and its cap leaves too little. A resumed job republishes its undone chunks in a new run; a delivery of an earlier run
 * works nothing, and a record pays only the hold of the run it was made in, so no row is charged twice.
 */
@Injectable()
export class ChunkWorkflow {
  private readonly jobEnds = new JobEndWatches((jobId) => this.lastEventType(jobId));

  constructor(
    private readonly ledger: CreditLedger,
    private readonly events: EventStore,
    private readonly progress: ChunkProgressBoard,
    private readonly recordedWork: RecordedWorkCharges,
    private readonly keys: ChargingKeys,
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
      if (status.open) return runOf(status) === chunk.run ? STILL_WORKING : null; // an earlier run's: never recorded
      if (!status.recorded || this.recordedIn(kind, status.recorded) !== chunk.run) return null;
      return kind.charged(status.recorded);
    });
  }

  async run<M extends PaidChunk, W, R>(kind: ChunkKind<M, W, R>, message: M): Promise<void> {
    // Read before the status: an end of this chunk's hold after it is one the status may not show yet.
    const basis = (await this.ledger.current(message.accountId)).position;
    const before = await kind.status(message);
    if (!before.open) return this.settle(kind, message, before.recorded);
    if (runOf(before) !== runOf(message)) return this.settle(kind, message, null); // republished in a later run
    const held = await this.hold(kind, message, basis, before.keyId);
    if (held === 'ended elsewhere') return this.settle(kind, message, await this.recordedMeanwhile(kind, message));
    if (held === 'job failed') return;
    const watch = this.jobEnds.watch(message.jobId, new Set([kind.cancelledEventType, 'JobFailed']));
    const gauge = this.progress.reporter(message.jobId, message.chunkNo);
    const work = await kind
      .work(message, watch.signal, (rows) => gauge.add(rows), held)
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
   * The credits held for the chunk; 'ended elsewhere': another delivery settled (or released) this chunk's
   * hold since `basis`, or the chunk was closed while it waited for credits; 'job failed': the job was failed
   * for lack of credits instead. Short of credits, it waits while the account holds any: a settlement
   * returns what its work did not cost (unknown verdicts are free), and that pays for more rows. Short of
   * its key's cap, it waits while the key holds any, for the same reason.
   */
  private async hold<M extends PaidChunk, W, R>(
    kind: ChunkKind<M, W, R>,
    message: M,
    basis: number,
    keyId: string | undefined,
  ): Promise<number | 'ended elsewhere' | 'job failed'> {
    const command = {
      holdId: chunkHoldId(message.jobId, message.chunkNo, kind.holdPrefix, runOf(message)),
      amount: kind.holdAmount(message),
      purpose: kind.purpose,
      reference: `job:${message.jobId}:chunk:${message.chunkNo}${runOf(message) > 0 ? `:run:${runOf(message)}` : ''}`,
      basis,
    };
    for (let looks = 0; ; looks++) {
      // Read at every look: a cap raised or lifted meanwhile lets this chunk go on.
      const key = await this.keys.of(message.accountId, keyId);
      const short = await this.tryHold(kind, message, { ...command, ...(key ? { key } : {}) });
      if (typeof short === 'number' || short === 'ended elsewhere') return short;
      const failure = await this.creditsFailure(kind, message, command.amount, short, key);
      if (failure) {
        await kind.failForCredits(message, failure);
        return 'job failed';
      }
      if (short === 'key cap' || !kind.cuts || (await this.ledger.current(message.accountId)).available === 0)
        await sleep(creditWaitMs(looks));
      const status = await kind.status(message);
      if (!status.open || runOf(status) !== runOf(message)) return 'ended elsewhere';
    }
  }

  /** The credits held, or what refused the hold. */
  private async tryHold<M extends PaidChunk, W, R>(
    kind: ChunkKind<M, W, R>,
    message: M,
    command: Parameters<CreditLedger['hold']>[1],
  ): Promise<number | 'ended elsewhere' | 'balance' | 'key cap'> {
    try {
      if (kind.cuts) return await this.ledger.holdUpTo(message.accountId, command);
      await this.ledger.hold(message.accountId, command);
      return command.amount;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.errorName === 'HOLD_ALREADY_ENDED') return 'ended elsewhere';
      if (error.errorName === 'INSUFFICIENT_CREDITS') return 'balance';
      if (error.errorName === 'KEY_CREDIT_CAP_REACHED') return 'key cap';
      throw error;
    }
  }

  /**
   * Whether a refused hold ends the job: only when no open hold can give back what it lacks (none of the
   * account's for the balance, none of the key's for its cap) and what is left is too little.
   */
  private async creditsFailure<M extends PaidChunk, W, R>(
    kind: ChunkKind<M, W, R>,
    message: M,
    amount: number,
    short: 'balance' | 'key cap',
    key: ChargingKey | undefined,
  ): Promise<CreditsFailure | null> {
    if (short === 'key cap')
      return (await this.ledger.heldThrough(message.accountId, key!.keyId)) === 0 ? KEY_CREDIT_CAP_FAILURE : null;
    const ledger = await this.ledger.current(message.accountId);
    return ledger.held === 0 && ledger.available < (kind.cuts ? 1 : amount) ? INSUFFICIENT_CREDITS_FAILURE : null;
  }

  /** The run a record was made in: only that run's hold pays for it (and publishes its follow-ups). */
  private recordedIn<M extends PaidChunk, W, R>(kind: ChunkKind<M, W, R>, recorded: R): number {
    return kind.recordedRun?.(recorded) ?? 0;
  }

  private async settle<M extends PaidChunk, W, R>(
    kind: ChunkKind<M, W, R>,
    message: M,
    recorded: R | null,
  ): Promise<void> {
    const own = recorded !== null && this.recordedIn(kind, recorded) === runOf(message) ? recorded : null;
    if (own && kind.afterRecord) await kind.afterRecord(message, own);
    await this.progress.clear(message.jobId, message.chunkNo); // the record counts these rows now (or they will never count)
    await this.ledger.settle(
      message.accountId,
      chunkHoldId(message.jobId, message.chunkNo, kind.holdPrefix, runOf(message)),
      own ? kind.charged(own) : 0,
    );
  }
}

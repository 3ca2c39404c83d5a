import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock, DomainError, timeOrderedUuid } from '@lib/common';
import { longestPaidCallMs } from '@lib/config';
import { aggregateStream, type AssumedStream, EventStore, newStream, runCommand } from '@lib/eventstore';
import { idempotencyDecider, IdempotencyState } from './domain/idempotency.decider';
import { IdempotencyCommand, idempotencyStream } from './domain/idempotency.events';
import { IDEMPOTENCY_CONFIG, type IdempotencyConfig } from './idempotency.config';
import { sha256 } from './idempotency-key';

/**
 * The claim a request runs under: its id names the work, `supersedes` the earlier claim of the same
 * key if any, and `supersededWork` what that claim had bound itself to before it died or failed.
 */
export interface IdempotentAttempt {
  /** The key's stream, where the claim is answered. */
  stream: string;
  id: string;
  supersedes?: string;
  supersededWork?: string;
  /** The claim's global position: a takeover of this claim, and whatever the taker ends of its work, come after it. */
  claimedAtPosition: number;
  /** Records the id of the work this attempt is about to create, before creating it (see IdempotentWorkBound). */
  bind(work: string): Promise<void>;
}

/**
 * staleMs: a claim older than this belongs to a dead process and may be taken over; it must exceed
 * the longest the work can take. waitMs: how long a concurrent duplicate waits for the first answer.
 */
export interface GateTiming {
  staleMs: number;
  waitMs: number;
}

/**
 * Work whose answer is final before the work has ended: the proof of the answer is durable already (a paid
 * call's record), and only `finishing` is still being written (its settle, which that record can always redo).
 */
export interface FinishingWork<T> {
  answer: T;
  finishing: Promise<void>;
}

/** What claiming a key gives: the stored answer of an earlier request to replay, or the claim to answer under. */
export type GateClaim<T> = { replayed: true; data: T } | { replayed: false; attempt: IdempotentAttempt };

/**
 * A request at most once per (account, Idempotency-Key) across every process, in two steps the caller
 * writes top-down: `claim` the key (the claim is an append with an expected revision, so exactly one
 * concurrent request wins; the others wait for its recorded response and replay it, or answer 409, code
 * 2004, if it takes longer than the bound), then `answer` under the claim: the work's response is
 * recorded for replays, or, when it fails, the key is released for a retry.
 */
@Injectable()
export class IdempotencyGate {
  private readonly logger = new Logger('idempotency');
  private readonly waitMs: number;
  private readonly staleMs: number;
  /** Each live claim's stream as its own last append left it, so answering it needs no read (see exec). */
  private readonly claimed = new WeakMap<IdempotentAttempt, AssumedStream<IdempotencyState>>();

  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
    @Inject(IDEMPOTENCY_CONFIG) config: IdempotencyConfig,
  ) {
    // One bound for every paid call (verify and finder, single and batch): no live call holds its claim
    // longer than the longest paid call may run, settling included (the bound the hold expiry outlives too),
    // so past it the claimant is dead and a retry takes over at once.
    this.waitMs = config.interactiveBudgetMs + 5_000;
    this.staleMs = longestPaidCallMs(config.interactiveBudgetMs);
  }

  async claim<T>(
    accountId: string,
    key: string,
    requestHash: string,
    timing: Partial<GateTiming> = {},
  ): Promise<GateClaim<T>> {
    const stream = idempotencyStream(accountId, sha256(key));
    const deadline = this.clock.now() + (timing.waitMs ?? this.waitMs);
    const staleMs = timing.staleMs ?? this.staleMs;
    for (;;) {
      const claimId = timeOrderedUuid();
      const staleBefore = new Date(this.clock.now() - staleMs).toISOString();
      // Most keys are new: claim assuming no stream; a key used before makes the append conflict, then read.
      const claim = await this.exec(
        stream,
        { type: 'ClaimKey', requestHash, claimId, at: this.clock.nowIso(), staleBefore },
        newStream(idempotencyDecider.initialState),
      );
      const [claimed] = claim.events;
      if (claimed?.type === 'IdempotencyKeyClaimed') {
        if (claimed.data.staleClaimAt)
          this.logger.warn(
            `took over Idempotency-Key claim ${claimed.data.supersedes} of ${claimed.data.staleClaimAt}: stale after ${staleMs} ms, its process presumed dead`,
          );
        const attempt: IdempotentAttempt = {
          stream,
          id: claimId,
          supersedes: claimed.data.supersedes,
          supersededWork: claimed.data.supersededWork,
          claimedAtPosition: claim.position,
          bind: async (bound) => {
            await this.execUnder(attempt, { type: 'BindWork', claimId, work: bound, at: this.clock.nowIso() });
          },
        };
        this.remember(attempt, claim);
        return { replayed: false, attempt };
      }
      if (claim.state.status === 'recorded') return { replayed: true, data: claim.state.response as T };
      const settled = await this.waitWhileClaimed(stream, deadline, staleMs);
      if (settled.status === 'recorded') {
        if (settled.requestHash !== requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
        return { replayed: true, data: settled.response as T };
      }
      if (settled.status === 'claimed' && !this.isStale(settled, staleMs))
        throw new DomainError('IDEMPOTENCY_IN_PROGRESS');
      // released (the other request failed) or stale (its process died): this one may try, claiming again
    }
  }

  /** The work's response, recorded under the claim for replays; a failure releases the key and is thrown on. */
  async answer<T>(attempt: IdempotentAttempt, work: Promise<T>): Promise<T> {
    const data = await this.releasingOnFailure(attempt, work);
    await this.execUnder(attempt, {
      type: 'RecordResponse',
      claimId: attempt.id,
      response: data,
      at: this.clock.nowIso(),
    });
    return data;
  }

  /**
   * Like `answer`, for work that is answered before it has ended: the response is recorded while its last
   * write is still going on, so both are written in one group commit (one fsync, not two, per paid call).
   * Resolves only once both are durable. If the last write fails, the recorded response stays (a retry
   * replays it; the work's own proof lets its owner redo that write: the hold sweeper settles from the
   * record) and the failure is thrown on.
   */
  async answerFinishing<T>(attempt: IdempotentAttempt, work: Promise<FinishingWork<T>>): Promise<T> {
    const { answer, finishing } = await this.releasingOnFailure(attempt, work);
    const response = {
      type: 'RecordResponse',
      claimId: attempt.id,
      response: answer,
      at: this.clock.nowIso(),
    } as const;
    const [recorded, finished] = await Promise.allSettled([this.execUnder(attempt, response), finishing]);
    if (recorded.status === 'rejected') throw recorded.reason;
    if (finished.status === 'rejected') throw finished.reason;
    return answer;
  }

  /** The work's result; when the work fails, the key is released for a retry and the failure thrown on. */
  private async releasingOnFailure<W>(attempt: IdempotentAttempt, work: Promise<W>): Promise<W> {
    try {
      return await work;
    } catch (error) {
      await this.execUnder(attempt, {
        type: 'ReleaseKey',
        claimId: attempt.id,
        reason: error instanceof DomainError ? error.errorName : 'failed',
        at: this.clock.nowIso(),
      });
      throw error;
    }
  }

  /** Until the claim is answered, released or goes stale (a waiting retry then takes over at once), or the deadline. */
  private async waitWhileClaimed(stream: string, deadline: number, staleMs: number): Promise<IdempotencyState> {
    let pause = 10;
    for (;;) {
      const state = await this.load(stream);
      if (state.status !== 'claimed' || this.isStale(state, staleMs) || this.clock.now() >= deadline) return state;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 200);
    }
  }

  private isStale(state: Extract<IdempotencyState, { status: 'claimed' }>, staleMs: number): boolean {
    return Date.parse(state.at) < this.clock.now() - staleMs;
  }

  private async load(stream: string): Promise<IdempotencyState> {
    return (await aggregateStream(this.events, stream, idempotencyDecider)).state;
  }

  /**
   * Decides on `assume` when given, without reading: the append expects the assumed revision, so a stream
   * that moved on (a retry took the claim over) makes it conflict, and the command runs again on a fresh read.
   */
  private exec(stream: string, command: IdempotencyCommand, assume?: AssumedStream<IdempotencyState>) {
    return runCommand(this.events, stream, idempotencyDecider, command, { load: 'full', assume });
  }

  /** A command under a live claim, decided on the stream as the claim's last append left it. */
  private async execUnder(attempt: IdempotentAttempt, command: IdempotencyCommand) {
    const result = await this.exec(attempt.stream, command, this.claimed.get(attempt));
    this.remember(attempt, result);
    return result;
  }

  private remember(attempt: IdempotentAttempt, result: Awaited<ReturnType<IdempotencyGate['exec']>>): void {
    const { state, nextRevision, streamPosition } = result;
    // Only a claim still ours is worth assuming; an answered or lost one needs no more commands.
    if (state.status === 'claimed' && state.claimId === attempt.id && nextRevision >= 0)
      this.claimed.set(attempt, { state, expectedRevision: nextRevision, position: streamPosition });
    else this.claimed.delete(attempt);
  }
}

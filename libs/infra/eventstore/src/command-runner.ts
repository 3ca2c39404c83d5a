import { Decider, DomainEvent, timeOrderedUuid } from '@lib/common';
import { aggregateStream, type AggregateStreamOptions, StreamFold } from './aggregate-stream';
import {
  AppendOutcomeUnknownError,
  EventStore,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
} from './event-store.port';

/** A stream's state as its caller already knows it (it wrote the stream's last event, or names a new stream). */
export interface AssumedStream<S> {
  state: S;
  /** The stream's last revision as the caller knows it: `no_stream` for a stream named by a fresh id. */
  expectedRevision: number | 'no_stream';
  /** Global position of that last event; -1 for no stream. */
  position: number;
}

/** No stream yet: the assumption of a write to a stream named by a fresh id. */
export const newStream = <S>(state: S): AssumedStream<S> => ({ state, expectedRevision: 'no_stream', position: -1 });

export interface RunOptions<S = unknown> {
  /**
   * 'full' folds the whole stream. 'last' folds only the latest event: for streams whose every event
   * carries the complete state the decider needs (the credit ledger's running balance), so a command
   * costs one read however long the stream grows. `{ lastAndAfter }`: the latest event and every one after
   * that global position (aggregateStream's `after`), for a decision that must see what happened since.
   * `{ latest }`: the newest `latest` events (a job's end and the snapshot-carrying event before it).
   */
  load?: 'full' | 'last' | { lastAndAfter: number } | { latest: number };
  /** Attempts on a concurrency conflict. Safe because decide() runs again on the fresh state. */
  maxAttempts?: number;
  /** Attempts of one append whose outcome the store could not confirm (default 5); each resends the same events. */
  unconfirmedAttempts?: number;
  metadata?: Record<string, unknown>;
  /**
   * Checked on every attempt after the stream is read and before deciding: true decides nothing. The
   * append carries the revision read before the check, so when the check looks at this same stream a
   * concurrent writer makes the append conflict and the check run again: check-then-append is atomic.
   */
  skipIf?: () => Promise<boolean>;
  /**
   * The first attempt decides on this state instead of reading the stream: the append carries its
   * revision, so if the stream is not as assumed the append conflicts and the next attempt reads it, at
   * once. Saves the read on the write path of a stream its caller just wrote or named by a fresh id.
   */
  assume?: AssumedStream<S>;
}

export interface RunResult<E extends DomainEvent, S> {
  events: E[];
  state: S;
  /** Global position of the last event appended; -1 when the decision appended nothing. */
  position: number;
  /** Global position of the stream's last event after the decision (appended or loaded); -1 for an empty stream. */
  streamPosition: number;
  nextRevision: number;
  /** Global position of the stream's last event the decision was made on (assumed or read); -1 for an empty stream. */
  basePosition: number;
}

/** Load the stream, fold with evolve, decide, append with the expected revision; retry on a conflict. */
export function runCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  options: RunOptions<S> = {},
): Promise<RunResult<E, S>> {
  return runDecision(store, streamId, decider, (state) => decider.decide(command, state), options);
}

/**
 * The loop every write runs once: read the stream through `aggregateStream` (upcast, fold), decide on
 * that state, append what was decided with the expected revision, and on a conflict start again from a
 * fresh read. `decide` may be called more than once, so it must not act outside what it returns.
 */
export async function runDecision<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: StreamFold<E, S>,
  decide: (state: S) => E[],
  options: RunOptions<S> = {},
): Promise<RunResult<E, S>> {
  const maxAttempts = options.maxAttempts ?? 50;
  let assumed = options.assume;
  for (let attempt = 1; ; attempt++) {
    const loaded = assumed ?? (await aggregateStream(store, streamId, decider, loadOptions(options.load)));
    const events = options.skipIf && (await options.skipIf()) ? [] : decide(loaded.state);
    const state = events.reduce((s, e) => decider.evolve(s, e), loaded.state);
    if (events.length === 0) {
      // Nothing appended means nothing checked the assumption: a no-op (a refusal, an already-done step)
      // decided on an assumed state is only an answer once decided on the stream as it is.
      if (assumed) {
        assumed = undefined;
        continue;
      }
      const nextRevision = typeof loaded.expectedRevision === 'number' ? loaded.expectedRevision : -1;
      return {
        events,
        state,
        position: -1,
        streamPosition: loaded.position,
        nextRevision,
        basePosition: loaded.position,
      };
    }
    // Ids fixed once per decision, so resending after an unconfirmed append is recognised by the store.
    const batch = events.map((e) => ({
      id: timeOrderedUuid(),
      type: e.type,
      data: e.data as Record<string, unknown>,
      metadata: options.metadata,
    }));
    try {
      const result = await appendConfirmed(
        store,
        streamId,
        batch,
        loaded.expectedRevision,
        options.unconfirmedAttempts ?? 5,
      );
      return {
        events,
        state,
        position: result.position,
        streamPosition: result.position,
        nextRevision: result.nextRevision,
        basePosition: loaded.position,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      // A wrong assumption is no contention: read the stream now.
      if (assumed) {
        assumed = undefined;
        continue;
      }
      // Spread retries so many concurrent writers of one stream do not collide in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, attempt * 5)));
    }
  }
}

function loadOptions(load: RunOptions['load']): AggregateStreamOptions {
  if (load === 'last') return { latest: 1 };
  if (typeof load === 'object' && 'latest' in load) return { latest: load.latest };
  if (typeof load === 'object') return { latest: 1, after: load.lastAndAfter };
  return {};
}

/**
 * Appends, resending the same events with the same expected revision while the store cannot confirm the
 * outcome (a timeout after the write committed must not write twice: the store answers the repeat with
 * the first result).
 */
async function appendConfirmed(
  store: EventStore,
  streamId: string,
  events: NewEvent[],
  expected: ExpectedRevision,
  attempts: number,
): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.appendToStream(streamId, events, expected);
    } catch (error) {
      if (!(error instanceof AppendOutcomeUnknownError) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

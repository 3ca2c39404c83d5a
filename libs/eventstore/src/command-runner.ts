import { randomUUID } from 'node:crypto';
import { Decider, DomainEvent, fold } from '@lib/common';
import { AppendOutcomeUnknownError, EventStore, WrongExpectedRevisionError, RecordedEvent, type AppendResult, type ExpectedRevision, type NewEvent } from './event-store.port';

export interface RunOptions {
  /**
   * 'full' folds the whole stream. 'last' folds only the latest event: for streams whose every event
   * carries the complete state the decider needs (the credit ledger's running balance), so a command
   * costs one read however long the stream grows.
   */
  load?: 'full' | 'last';
  /** Attempts on a concurrency conflict. Safe because decide() runs again on the fresh state. */
  maxAttempts?: number;
  /** Attempts of one append whose outcome the store could not confirm (default 5); each resends the same events. */
  unconfirmedAttempts?: number;
  metadata?: Record<string, unknown>;
}

export interface RunResult<E extends DomainEvent, S> {
  events: E[];
  state: S;
  position: number;
  nextRevision: number;
}

/** Load the stream, fold with evolve, decide, append with the expected revision; retry on a conflict. */
export async function runCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  options: RunOptions = {},
): Promise<RunResult<E, S>> {
  const maxAttempts = options.maxAttempts ?? 50;
  for (let attempt = 1; ; attempt++) {
    const recorded: RecordedEvent[] = options.load === 'last'
      ? await store.readStream(streamId, { direction: 'backwards', maxCount: 1 })
      : await store.readStream(streamId);
    const history = recorded.map((r) => ({ type: r.type, data: r.data }) as E);
    const state = fold(decider, history);
    const expected = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision;
    const events = decider.decide(command, state);
    const newState = events.reduce((s, e) => decider.evolve(s, e), state);
    if (events.length === 0) {
      return { events, state: newState, position: -1, nextRevision: typeof expected === 'number' ? expected : -1 };
    }
    // Ids fixed once per decision, so resending after an unconfirmed append is recognised by the store.
    const batch = events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data as Record<string, unknown>, metadata: options.metadata }));
    try {
      const result = await appendConfirmed(store, streamId, batch, expected, options.unconfirmedAttempts ?? 5);
      return { events, state: newState, position: result.position, nextRevision: result.nextRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxAttempts) throw error;
      // Spread retries so many concurrent writers of one stream do not collide in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, attempt * 5)));
    }
  }
}

/**
 * Appends, resending the same events with the same expected revision while the store cannot confirm the
 * outcome (a timeout after the write committed must not write twice: the store answers the repeat with
 * the first result).
 */
async function appendConfirmed(store: EventStore, streamId: string, events: NewEvent[], expected: ExpectedRevision, attempts: number): Promise<AppendResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store.appendToStream(streamId, events, expected);
    } catch (error) {
      if (!(error instanceof AppendOutcomeUnknownError) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

import { Decider, DomainEvent, upcast, Upcasters } from '@lib/common';
import type { EventStore, ReadStreamOptions, RecordedEvent } from './event-store.port';

/** What folding a stream needs: the decider's initial state, evolve and upcasters. */
export type StreamFold<E extends DomainEvent, S> = Pick<
  Decider<unknown, E, S>,
  'initialState' | 'evolve' | 'upcasters'
>;

export interface AggregateStreamOptions {
  /**
   * Fold only the newest `latest` events: for streams whose events carry the complete state the decider
   * needs (the credit ledger's running balance, a job's snapshot), so a read costs the same however long
   * the stream grows. Omit to fold the whole stream.
   */
  latest?: number;
  /**
   * With `latest`: fold also every event after this global position, however many (paged backwards), so a
   * decider whose events carry the complete state still sees what happened since a caller's earlier read
   * (the credit ledger's holds ended since the caller saw their work still to do).
   */
  after?: number;
}

export interface AggregateStreamResult<S> {
  state: S;
  /** The revision an append after this read must expect: the last event's, or `no_stream`. */
  expectedRevision: number | 'no_stream';
  /** Global position of the stream's last event; -1 for an empty stream. */
  position: number;
}

/** A stored event read in today's shape, with where it is stored. */
export type UpcastEvent<E extends DomainEvent> = Omit<RecordedEvent, 'type' | 'data'> & E;

/**
 * Reads a stream, passes each stored event through the upcasters of its type and folds it with evolve:
 * the one place state is loaded from a stream, for command handlers and the ledger's group commit alike.
 */
export async function aggregateStream<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: StreamFold<E, S>,
  options: AggregateStreamOptions = {},
): Promise<AggregateStreamResult<S>> {
  const recorded =
    options.latest === undefined
      ? await store.readStream(streamId)
      : (await readNewest(store, streamId, options)).reverse();
  const state = recorded.reduce(
    (s, event) => decider.evolve(s, upcast(event, decider.upcasters)),
    decider.initialState,
  );
  const last = recorded[recorded.length - 1];
  return { state, expectedRevision: last ? last.revision : 'no_stream', position: last ? last.position : -1 };
}

/**
 * Pages of the backwards walk to `after`: small first, since the events after a caller's recent read are
 * usually a few (a page of 100 parsed ~15 times the ledger events a chunk's hold needed, each carrying every
 * open hold), then doubling, so a long tail still costs few reads.
 */
const FIRST_PAGE = 8;
const MAX_PAGE = 256;

/** The newest `latest` events, and before them every event after `after`: newest first. */
async function readNewest(
  store: EventStore,
  streamId: string,
  { latest = 1, after }: AggregateStreamOptions,
): Promise<RecordedEvent[]> {
  const read = await store.readStream(streamId, { direction: 'backwards', maxCount: latest });
  if (after === undefined) return read;
  for (let size = FIRST_PAGE; ; size = Math.min(size * 2, MAX_PAGE)) {
    const oldest = read.at(-1);
    if (!oldest || oldest.position <= after || oldest.revision === 0) return read;
    const options = { direction: 'backwards', fromRevision: oldest.revision - 1, maxCount: size } as const;
    const page = await store.readStream(streamId, options);
    const since = page.filter((event) => event.position > after);
    read.push(...since);
    if (since.length < page.length || page.length < size) return read; // reached `after`, or the stream's start
  }
}

/** Reads a stream's events in today's shape (the same read options as `EventStore.readStream`). */
export async function readEvents<E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  upcasters: Upcasters<E> | undefined,
  options?: ReadStreamOptions,
): Promise<UpcastEvent<E>[]> {
  return (await store.readStream(streamId, options)).map((event) => upcastRecorded(event, upcasters));
}

/** One recorded event (from a stream read or a subscription) in today's shape, keeping where it is stored. */
export function upcastRecorded<E extends DomainEvent>(
  event: RecordedEvent,
  upcasters: Upcasters<E> | undefined,
): UpcastEvent<E> {
  return { ...event, ...upcast(event, upcasters) };
}

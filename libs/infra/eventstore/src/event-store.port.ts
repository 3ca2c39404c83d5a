/** An event to append. `id` makes appends idempotent where the adapter supports it (a retried append with the same ids is not duplicated). */
export interface NewEvent {
  id?: string;
  type: string;
  data: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** An event as stored: its stream revision (0-based, per stream) and global position (monotonic across all streams). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are typed by the reader (the port stores any JSON); see CONTRIBUTING.md
export interface RecordedEvent<D = any> {
  id: string;
  type: string;
  streamId: string;
  revision: number;
  position: number;
  data: D;
  metadata: Record<string, unknown>;
  /** ISO 8601 UTC time the store recorded the event. */
  recordedAt: string;
}

/** `no_stream`: the stream must not exist; `stream_exists`: it must; `any`: no check; a number: the stream's last revision must equal it. */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendResult {
  /** Revision of the last event written; the expected revision for the next append. */
  nextRevision: number;
  /** Global position of the last event written. */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; defaults to the first (forwards) or last (backwards) event. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: only events after this global position. Omit to read from the start. */
  after?: number;
  /** Inclusive: stop at this global position, so a caller waiting for one position reads nothing past it. */
  upTo?: number;
  maxCount?: number;
  /** Only these event types (a server-side filter where the engine has one). */
  eventTypes?: string[];
}

export interface SubscribeOptions {
  /** Exclusive checkpoint: deliver events after this global position. Omit to start from the beginning. */
  after?: number;
  eventTypes?: string[];
  /** A name for logs and diagnostics. */
  name?: string;
  /**
   * Told that every event *before* this position that the subscription's filter matches has been handled
   * (an engine's filtered-subscription checkpoint), so a reader waiting for an earlier position can stop
   * waiting without reading the log. Not a resume point, nor a position to read from: an event may sit at
   * exactly this position. Adapters whose filter runs in the query may never call it.
   */
  onCheckpoint?: (position: number) => void;
}

export interface EventSubscription {
  /** Stops delivery; resolves once the handler is no longer running. */
  stop(): Promise<void>;
}

/** Raised when an append's expected revision does not match the stream. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * The store did not confirm an append (a deadline, a dropped connection, a leader change): it may or may not
 * have been written. Retrying the same events (same ids) with the same expected revision is safe: the store
 * answers a repeat of a written append with its first result.
 */
export class AppendOutcomeUnknownError extends Error {
  constructor(
    readonly streamId: string,
    override readonly cause: Error,
  ) {
    super(`stream ${streamId}: append not confirmed (${cause.message})`);
    this.name = 'AppendOutcomeUnknownError';
  }
}

/** The event store port: streams of events with optimistic concurrency and a global ordered log. */
export abstract class EventStore {
  /**
   * Appends events atomically to one stream if its revision matches `expectedRevision`; otherwise throws
   * WrongExpectedRevisionError. An empty list is refused. May throw AppendOutcomeUnknownError.
   */
  abstract appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult>;

  /**
   * Reads one stream in order, payloads as stored; a missing stream reads as an empty array. Domain code
   * reads through `aggregateStream` / `readEvents`, which type the payloads by passing them through the
   * aggregate's upcasters.
   */
  abstract readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;

  /** Reads the global log forwards after a position, optionally filtered by event type. */
  abstract readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;

  /**
   * The global position of the newest event in the log (any stream, any type), 0 when it is empty: a
   * progress bar's 100%, or where a checkpoint carried over from another store should start.
   */
  abstract headPosition(): Promise<number>;

  /**
   * Delivers every event after the checkpoint (catch-up) and then live events, one at a time, in global order.
   * The handler's promise is awaited before the next event; if it rejects, the subscription retries that event after a pause.
   */
  abstract subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void>,
  ): EventSubscription;

  /** Whether the store answers, within a bounded time; used by /ready. */
  abstract ping(): Promise<boolean>;

  /**
   * Conditions an operator must fix that a ping does not show (a subscription the server refuses, an
   * unsupported server version), one sentence each; empty when there are none. /ready reports them.
   */
  problems(): string[] {
    return [];
  }

  /** Releases connections and files. */
  abstract close(): Promise<void>;
}

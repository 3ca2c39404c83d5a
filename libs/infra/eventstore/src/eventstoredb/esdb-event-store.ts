import { Logger } from '@nestjs/common';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  AppendOutcomeUnknownError,
  EventStore,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '../event-store.port';
import { isOutcomeUnknown, operatorProblem } from './esdb-errors';
import {
  commitPositionOf,
  fromCurrentRevision,
  matchesTypes,
  toEsdbPosition,
  toEsdbRevision,
  toEventData,
  toRecordedEvent,
} from './esdb-mapping';
import { ServerVersionCheck, UnsupportedServerError } from './esdb-server-version';
import { EsdbAllSubscription, type EsdbLog } from './esdb-subscription';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`, or `esdb://a:2113,b:2113,c:2113` (gossip seeds) for a cluster; see docs/production.md. */
  connectionString: string;
  /** Pause before a failed subscription handler is retried and before resubscribing after a drop. Default 500 ms. */
  retryDelayMs?: number;
  /** Page size used when reading $all. Default 500. */
  readPageSize?: number;
  /** How long ping waits for the server. Default 2000 ms. */
  pingTimeoutMs?: number;
  log?: EsdbLog;
}

const logger = new Logger('EventStoreDB');
/** First page of a filtered $all read; each next one is 4 times larger, up to readPageSize. */
const FIRST_FILTERED_PAGE = 16;
const defaultLog: EsdbLog = (message, level) => (level === 'error' ? logger.error(message) : logger.warn(message));

/** The event store on EventStoreDB/KurrentDB 22.6+ (gRPC client). Positions are $all commit positions. */
export class EsdbEventStore extends EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EsdbAllSubscription>();
  private readonly version: ServerVersionCheck;
  private readonly log: EsdbLog;
  private unsupported: string | null = null;
  private globalLogProblem: string | null = null;

  constructor(private readonly options: EsdbEventStoreOptions) {
    super();
    this.client = EventStoreDBClient.connectionString(options.connectionString);
    this.log = options.log ?? defaultLog;
    this.version = new ServerVersionCheck(this.client, (error) => {
      this.unsupported = error.message;
      this.log(error.message, 'error');
    });
  }

  /** Appends atomically with the expected revision; a mismatch becomes WrongExpectedRevisionError, an unconfirmed append AppendOutcomeUnknownError. */
  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    await this.version.ensure();
    let result;
    try {
      result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toEsdbRevision(expectedRevision),
        requiresLeader: true,
      });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expectedRevision, fromCurrentRevision(error.actualVersion));
      }
      if (isOutcomeUnknown(error)) throw new AppendOutcomeUnknownError(streamId, error);
      throw error;
    }
    // `throwOnAppendFailure=false` in the connection string turns a conflict into a result instead of an error.
    if (!result.success) {
      const actual = result.nextExpectedRevision < 0n ? 'no_stream' : Number(result.nextExpectedRevision);
      throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
    }
    return { nextRevision: Number(result.nextExpectedRevision), position: Number(result.position?.commit ?? -1) };
  }

  /** Reads one stream forwards or backwards from the leader (commands decide on it); a missing stream reads as []. */
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    await this.version.ensure();
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
        maxCount: options.maxCount,
        requiresLeader: true,
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * Reads $all forwards in pages after a position, leaving out events the port cannot represent (system and
   * link events, non-JSON) and other types. The cursor moves on every event read, and no further page is
   * asked for past `upTo` or once `maxCount` events are found. Unfiltered pages ask for what is missing;
   * filtered ones (client 6.x sends no filter on reads, so the filter runs here) start small and grow.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (limit <= 0) return [];
    await this.version.ensure();
    const upTo = options.upTo ?? Number.POSITIVE_INFINITY;
    const maxPage = this.options.readPageSize ?? 500;
    const out: RecordedEvent[] = [];
    let after = options.after;
    let filteredPage = FIRST_FILTERED_PAGE;
    for (;;) {
      // Starts are inclusive: one more event than is missing.
      const pageSize = Math.max(2, Math.min(maxPage, options.eventTypes ? filteredPage : limit - out.length + 1));
      filteredPage *= 4;
      const page = this.client.readAll({
        direction: FORWARDS,
        fromPosition: after === undefined ? START : toEsdbPosition(after),
        maxCount: pageSize,
      });
      let seen = 0;
      let finished = false;
      // Every page is read to its end: a gRPC read left with unread messages never finishes, and the client's dispose() would wait for it.
      for await (const resolved of page as AsyncIterable<ResolvedEvent>) {
        seen++;
        const position = commitPositionOf(resolved);
        if (finished || position === null || (after !== undefined && position <= after)) continue;
        if (position > upTo) {
          finished = true;
          continue;
        }
        after = position;
        const event = toRecordedEvent(resolved);
        if (event && matchesTypes(event, options.eventTypes)) out.push(event);
        finished = out.length >= limit;
      }
      if (finished || seen < pageSize) return out;
    }
  }

  /** The commit position of the last record in $all, whatever it is (system and link events included). */
  async headPosition(): Promise<number> {
    await this.version.ensure();
    let head = 0;
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
    }) as AsyncIterable<ResolvedEvent>) {
      head = commitPositionOf(resolved) ?? 0;
    }
    return head;
  }

  /** Catch-up then live subscription to $all with a server-side type filter; resubscribes after drops. */
  subscribeToAll(options: SubscribeOptions, handler: (event: RecordedEvent) => Promise<void>): EventSubscription {
    const subscription = new EsdbAllSubscription(this.client, options, handler, {
      retryDelayMs: this.options.retryDelayMs ?? 500,
      log: this.log,
      beforeOpen: () => this.version.ensure(),
    });
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /**
   * True when a supported server answers a one-event read of $all within `pingTimeoutMs` (the client's own
   * deadline is not applied to reads). Reading $all, not a user stream, is what the subscriptions need, so
   * a user without access to it fails here.
   */
  async ping(): Promise<boolean> {
    let probe: StreamingRead<ResolvedEvent> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const answer = async (): Promise<boolean> => {
      try {
        await this.version.ensure();
        probe = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
        // Read to its end (one event at most), so the call finishes; only a timeout cancels it.
        for await (const _ of probe as AsyncIterable<ResolvedEvent>);
        this.globalLogProblem = null;
        return true;
      } catch (error) {
        const problem = operatorProblem(error);
        if (problem && !(error instanceof UnsupportedServerError)) this.globalLogProblem = `reading $all: ${problem}`;
        return false;
      }
    };
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.pingTimeoutMs ?? 2000);
    });
    const answered = await Promise.race([answer().then((up) => ({ up })), timeout.then(() => null)]);
    clearTimeout(timer);
    if (answered) return answered.up;
    await probe?.cancel().catch(() => undefined);
    return false;
  }

  /** The unsupported server version, a refused $all, and each subscription's operator problem. */
  override problems(): string[] {
    const fromSubscriptions = [...this.subscriptions].map((subscription) => subscription.problem);
    return [this.unsupported, this.globalLogProblem, ...fromSubscriptions].filter((problem): problem is string =>
      Boolean(problem),
    );
  }

  /** Stops every subscription, then closes the gRPC channel. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}

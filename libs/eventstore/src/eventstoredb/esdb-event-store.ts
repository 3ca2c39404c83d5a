import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
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
import { fromCurrentRevision, matchesTypes, toEsdbPosition, toEsdbRevision, toEventData, toRecordedEvent } from './esdb-mapping';
import { EsdbAllSubscription } from './esdb-subscription';

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`, or `esdb+discover://a,b,c` for a cluster. */
  connectionString: string;
  /** Pause before a failed subscription handler is retried and before resubscribing after a drop. Default 500 ms. */
  retryDelayMs?: number;
  /** Page size used when reading $all. Default 500. */
  readPageSize?: number;
  log?: (message: string) => void;
}

/** The event store on EventStoreDB (gRPC client). Positions are $all commit positions. */
export class EsdbEventStore extends EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EsdbAllSubscription>();

  constructor(private readonly options: EsdbEventStoreOptions) {
    super();
    this.client = EventStoreDBClient.connectionString(options.connectionString);
  }

  /** Appends atomically with the expected revision; a mismatch becomes WrongExpectedRevisionError. */
  async appendToStream(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toEsdbRevision(expectedRevision),
      });
      return { nextRevision: Number(result.nextExpectedRevision), position: Number(result.position?.commit ?? -1) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expectedRevision, fromCurrentRevision(error.actualVersion));
      }
      throw error;
    }
  }

  /** Reads one stream forwards or backwards; a missing stream reads as []. */
  async readStream<D = any>(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent<D>[]> {
    const backwards = options.direction === 'backwards';
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const events: RecordedEvent<D>[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision !== undefined ? BigInt(options.fromRevision) : backwards ? END : START,
        maxCount: options.maxCount,
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

  /** Reads $all forwards in pages after a position, leaving out system events and other types. */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const pageSize = this.options.readPageSize ?? 500;
    const out: RecordedEvent[] = [];
    let after = options.after;
    while (out.length < limit) {
      let seen = 0;
      const page = this.client.readAll({
        direction: FORWARDS,
        fromPosition: after === undefined ? START : toEsdbPosition(after),
        maxCount: pageSize,
      });
      for await (const resolved of page) {
        seen++;
        const event = toRecordedEvent(resolved);
        if (!event) continue;
        // Reads start at the given position inclusively; the port's `after` is exclusive.
        if (after !== undefined && event.position <= after) continue;
        after = event.position;
        if (matchesTypes(event, options.eventTypes) && out.length < limit) out.push(event);
      }
      if (seen < pageSize) break;
    }
    return out;
  }

  /** Catch-up then live subscription to $all with a server-side type filter; resubscribes after drops. */
  subscribeToAll(options: SubscribeOptions, handler: (event: RecordedEvent) => Promise<void>): EventSubscription {
    const subscription = new EsdbAllSubscription(this.client, options, handler, {
      retryDelayMs: this.options.retryDelayMs ?? 500,
      log: this.options.log ?? ((message) => console.warn(`[esdb] ${message}`)),
    });
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /** True when the server answers a read (a missing stream is an answer). */
  async ping(): Promise<boolean> {
    try {
      for await (const _ of this.client.readStream('ping-probe', { maxCount: 1, deadline: 2000 })) break;
      return true;
    } catch (error) {
      return error instanceof StreamNotFoundError;
    }
  }

  /** Stops every subscription, then closes the gRPC channel. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}

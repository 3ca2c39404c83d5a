import {
  EventStore,
  type AppendResult,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './event-store.port';

/** Passes every call to another store; a decorator extends it and overrides only what it changes. */
export class DelegatingEventStore extends EventStore {
  constructor(protected readonly inner: EventStore) {
    super();
  }

  appendToStream(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.inner.appendToStream(streamId, events, expectedRevision);
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribeToAll(options: SubscribeOptions, handler: (event: RecordedEvent) => Promise<void>): EventSubscription {
    return this.inner.subscribeToAll(options, handler);
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  override problems(): string[] {
    return this.inner.problems();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

import {
  EventStore, type AppendResult, type EventSubscription, type ExpectedRevision, type NewEvent, type ReadAllOptions,
  type ReadStreamOptions, type RecordedEvent, type SubscribeOptions,
} from '@lib/eventstore';
import type { CrashSwitch } from './crash-points';

/**
 * The app's event store, with a handler killed at a chosen append (before it, or after it was stored)
 * and every subscription (the projections) handed each event twice, as at-least-once delivery may.
 */
export class CrashingEventStore extends EventStore {
  constructor(private readonly inner: EventStore, private readonly crash: CrashSwitch) {
    super();
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const before = this.crash.take('before', streamId, events);
    if (before) throw before;
    const result = await this.inner.appendToStream(streamId, events, expectedRevision);
    const after = this.crash.take('after', streamId, events);
    if (after) throw after;
    return result;
  }

  readStream<D = any>(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent<D>[]> {
    return this.inner.readStream<D>(streamId, options);
  }

  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  subscribeToAll(options: SubscribeOptions, handler: (event: RecordedEvent) => Promise<void>): EventSubscription {
    return this.inner.subscribeToAll(options, async (event) => {
      await handler(event);
      await handler(event);
    });
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

import {
  DelegatingEventStore,
  EventStore,
  type AppendResult,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
} from '@lib/eventstore';
import type { CrashSwitch } from './crash-points';

/**
 * The app's event store, with a handler killed at a chosen append (before it, or after it was stored)
 * and (unless `doubleSubscriptions` is false) every subscription (the projections, job dispatch) handed
 * each event twice, as at-least-once delivery may.
 */
export class CrashingEventStore extends DelegatingEventStore {
  constructor(
    inner: EventStore,
    private readonly crash: CrashSwitch,
    private readonly doubleSubscriptions = true,
  ) {
    super(inner);
  }

  override appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    return this.crash.around(streamId, events, () => this.inner.appendToStream(streamId, events, expectedRevision));
  }

  override subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void>,
  ): EventSubscription {
    if (!this.doubleSubscriptions) return this.inner.subscribeToAll(options, handler);
    return this.inner.subscribeToAll(options, async (event) => {
      await handler(event);
      await handler(event);
    });
  }
}

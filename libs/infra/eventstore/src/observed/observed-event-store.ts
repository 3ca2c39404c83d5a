import { DelegatingEventStore } from '../delegating-event-store';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../event-store.port';

/** Told about every append this process made, once the store has accepted it (an app's metrics). */
export interface AppendObserver {
  /** Must be cheap and must not throw; a throw is swallowed so an observer never fails a command. */
  appended(streamId: string, events: readonly NewEvent[]): void;
}

/**
 * Any adapter, with each successful append reported to an observer. Appends are where every fact of
 * the domain enters the system, so counting them here needs no hook in the domain code; refused
 * appends (a concurrency conflict) report nothing.
 */
export class ObservedEventStore extends DelegatingEventStore {
  constructor(
    inner: EventStore,
    private readonly observer: AppendObserver,
  ) {
    super(inner);
  }

  override async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    const result = await this.inner.appendToStream(streamId, events, expectedRevision);
    try {
      this.observer.appended(streamId, events);
    } catch {
      // Metrics must never turn a stored fact into a failed command.
    }
    return result;
  }
}

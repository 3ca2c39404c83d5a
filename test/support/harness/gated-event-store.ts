import {
  DelegatingEventStore,
  EventStore,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@lib/eventstore';

/**
 * The app's event store with a gate on the streams `gated` names: while the gate is shut, every read
 * and append of them waits (and is counted) until it opens. A request that answers while the gate is
 * shut provably did none of that work before answering, however fast or slow the machine is.
 */
export class GatedEventStore extends DelegatingEventStore {
  private opened: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;
  private isShut = false;
  /** Reads and appends of gated streams that waited at the shut gate. */
  held = 0;

  constructor(
    inner: EventStore,
    private readonly gated: (streamId: string) => boolean,
  ) {
    super(inner);
  }

  shut(): void {
    this.isShut = true;
    this.opened = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.isShut = false;
    this.open();
  }

  override async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    await this.pass(streamId);
    return this.inner.appendToStream(streamId, events, expectedRevision);
  }

  override async readStream(
    streamId: string,
    options?: Parameters<EventStore['readStream']>[1],
  ): Promise<RecordedEvent[]> {
    await this.pass(streamId);
    return this.inner.readStream(streamId, options);
  }

  private async pass(streamId: string): Promise<void> {
    if (!this.gated(streamId) || !this.isShut) return;
    this.held++;
    await this.opened;
  }
}

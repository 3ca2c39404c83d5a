import { AsyncLocalStorage } from 'node:async_hooks';
import {
  DelegatingEventStore,
  type EventStore,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@lib/eventstore';
import { jobStream } from '@lib/jobs';

/**
 * The app's event store, run step by step for the work a test starts under an actor's name (`as`): each read
 * or append that work makes is a step, taken only while the actor has steps left; out of steps, the work
 * pauses before its next one (`paused`) until it is given more (`allow`) or set free (`free`). Work started
 * under no name passes freely, so the rest of the app runs as usual. A job's end watch (a timer polling the
 * head of the job stream) is not a step: when it fires depends on the clock, not on the work's order.
 */
export class SteppedEventStore extends DelegatingEventStore {
  private readonly actor = new AsyncLocalStorage<string>();
  private readonly left = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly onPause = new Map<string, Array<() => void>>();
  /** Steps taken, per actor. */
  readonly taken = new Map<string, number>();

  /** Runs `work` as `actor`, with `steps` steps allowed before it pauses. */
  as<T>(actor: string, steps: number, work: () => Promise<T>): Promise<T> {
    this.left.set(actor, steps);
    this.taken.set(actor, 0);
    return this.actor.run(actor, work);
  }

  /** Resolves once the actor's work waits before a step it may not take yet. */
  paused(actor: string): Promise<void> {
    if ((this.waiting.get(actor) ?? []).length > 0) return Promise.resolve();
    return new Promise((resolve) => this.onPause.set(actor, [...(this.onPause.get(actor) ?? []), resolve]));
  }

  allow(actor: string, steps: number): void {
    this.left.set(actor, (this.left.get(actor) ?? 0) + steps);
    this.wake(actor);
  }

  free(actor: string): void {
    this.allow(actor, Infinity);
  }

  override async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    await this.step();
    return this.inner.appendToStream(streamId, events, expectedRevision);
  }

  override async readStream(
    streamId: string,
    options?: Parameters<EventStore['readStream']>[1],
  ): Promise<RecordedEvent[]> {
    if (!isJobEndPoll(streamId, options)) await this.step();
    return this.inner.readStream(streamId, options);
  }

  private async step(): Promise<void> {
    const actor = this.actor.getStore();
    if (actor === undefined) return;
    while ((this.left.get(actor) ?? 0) <= 0) {
      const resumed = new Promise<void>((resolve) =>
        this.waiting.set(actor, [...(this.waiting.get(actor) ?? []), resolve]),
      );
      for (const notify of this.onPause.get(actor) ?? []) notify();
      this.onPause.delete(actor);
      await resumed;
    }
    this.left.set(actor, this.left.get(actor)! - 1);
    this.taken.set(actor, (this.taken.get(actor) ?? 0) + 1);
  }

  private wake(actor: string): void {
    const waiting = this.waiting.get(actor) ?? [];
    this.waiting.delete(actor);
    for (const resume of waiting) resume();
  }
}

const isJobEndPoll = (streamId: string, options?: Parameters<EventStore['readStream']>[1]) =>
  streamId.startsWith(jobStream('')) && options?.direction === 'backwards' && options.maxCount === 1;

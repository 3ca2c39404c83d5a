import {
  DelegatingEventStore,
  EventStore,
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
} from '@lib/eventstore';
import { SimulatedCrash } from './crash-points';

/** Enough microtask hops for every append of a group to have seen its commit before any of them is answered. */
const GROUP_SETTLE_HOPS = 8;

/**
 * The app's event store, its process killed between a group commit and the answers: once an append whose
 * events match `trigger` is written, the process "dies". That append and every other append written in the
 * same group stay durable, but none of their callers gets an answer (each gets a SimulatedCrash), and every
 * append made while dead is refused unwritten, as nothing runs in a killed process. `revive()` is the
 * restarted process. Appends of one group are settled together (SameTurnGroups answers a group in one
 * go), so an append is told of the death when the trigger was written in its group or before its answer.
 */
export class GroupKillingEventStore extends DelegatingEventStore {
  private dead = false;
  private fired = false;
  /** Appends whose write landed but whose answer the death swallowed (the trigger's group). */
  lostAnswers = 0;

  constructor(
    inner: EventStore,
    private readonly trigger: (streamId: string, event: NewEvent) => boolean,
  ) {
    super(inner);
  }

  get hasFired(): boolean {
    return this.fired;
  }

  revive(): void {
    this.dead = false;
  }

  override async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (this.dead) throw new SimulatedCrash('append while the process is dead');
    const result = await this.inner.appendToStream(streamId, events, expectedRevision);
    if (!this.fired && events.some((e) => this.trigger(streamId, e))) {
      this.fired = true;
      this.dead = true;
    }
    // Wait for the rest of the group to see its commit: whichever of its appends matched, all lose their answers.
    for (let hop = 0; hop < GROUP_SETTLE_HOPS; hop++) await Promise.resolve();
    if (this.dead) {
      this.lostAnswers++;
      throw new SimulatedCrash('killed after the group commit, before the answers');
    }
    return result;
  }
}

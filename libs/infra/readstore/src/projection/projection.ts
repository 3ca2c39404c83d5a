import type { RecordedEvent } from '@lib/eventstore';
import type { ReadStore } from '../read-store.port';

/**
 * A read-model builder: the events it cares about and how one event changes the store.
 * `handle` may see an event again after a crash (at-least-once), so it must be idempotent;
 * `documentProjection` gives that for free.
 */
export interface Projection {
  /** Stable name: the key of its checkpoint, so renaming it replays everything into it. */
  name: string;
  eventTypes: string[];
  /** Collections this projection owns and `rebuild` may clear. Undefined means it cannot be rebuilt. */
  collections?: string[];
  handle(event: RecordedEvent, store: ReadStore): Promise<void>;
}

import { upcast, type DomainEvent, type Upcasters } from '@lib/common';
import type { RecordedEvent, UpcastEvent } from '@lib/eventstore';
import type { Doc } from '../read-store.port';
import type { Projection } from './projection';

/** A stored document carries the global position of the last event applied to it. */
export type Positioned<T extends Doc> = T & { _position: number };

/**
 * `E` is the events' union (their aggregate's `*.events.ts`); without it the projection reads events
 * untyped, as stored.
 */
export interface DocumentProjectionSpec<T extends Doc, E extends DomainEvent = RecordedEvent> {
  name: string;
  collection: string;
  eventTypes: string[];
  /** How events stored in older shapes read in today's: the aggregate decider's `upcasters`. */
  upcasters?: Upcasters<E>;
  /** The document an event changes, or null to ignore the event. */
  documentId(event: UpcastEvent<E>): string | null;
  /** The document after the event (`_id` is set for you); null deletes it. Pure: no I/O, no clock. */
  evolve(doc: T | null, event: UpcastEvent<E>): T | null;
  /**
   * Every event makes a document of its own that no later event changes (a ledger's transactions):
   * evolve is given null and its document is inserted with `insertNew`, which a replay leaves as stored.
   * No lookup first: on a MongoDB-wire server that runs every filter as a scan (FerretDB 1.24), a lookup
   * per event costs O(collection), and such collections grow with the service's whole history.
   */
  createsOnce?: boolean;
  /**
   * Events after which the document is what evolve makes of nothing, whatever was stored (a hold opening):
   * upserted without a look-up, which would only find nothing or this same event's document. A replay
   * writes it again, and the later events, replayed after it in log order, end where they did.
   */
  replaces?: (event: UpcastEvent<E>) => boolean;
}

/**
 * A projection that folds events into one document each. It stores `_position` in the document and skips
 * any event at or below it, so replaying events it has already applied changes nothing.
 */
export function documentProjection<T extends Doc, E extends DomainEvent = RecordedEvent>(
  spec: DocumentProjectionSpec<T, E>,
): Projection {
  return {
    name: spec.name,
    eventTypes: spec.eventTypes,
    collections: [spec.collection],
    async handle(recorded, store) {
      const event: UpcastEvent<E> = { ...recorded, ...upcast(recorded, spec.upcasters) };
      const id = spec.documentId(event);
      if (id === null) return;
      const collection = store.collection<Positioned<T>>(spec.collection);
      if (spec.createsOnce) {
        const created = spec.evolve(null, event);
        if (created !== null) await collection.insertNew([{ ...created, _id: id, _position: event.position }]);
        return;
      }
      if (spec.replaces?.(event)) {
        const next = spec.evolve(null, event);
        if (next !== null) return collection.upsert({ ...next, _id: id, _position: event.position });
      }
      const stored = await collection.get(id);
      if (stored && stored._position >= event.position) return;
      const next = spec.evolve(stored ? withoutPosition(stored) : null, event);
      // A deleted document loses its position; replays run in log order, so they end in the same state.
      if (next === null) {
        if (stored) await collection.delete(id);
        return;
      }
      await collection.upsert({ ...next, _id: id, _position: event.position });
    },
  };
}

function withoutPosition<T extends Doc>(doc: Positioned<T>): T {
  const { _position, ...rest } = doc;
  return rest as unknown as T;
}

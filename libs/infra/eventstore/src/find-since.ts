import type { DomainEvent, Upcasters } from '@lib/common';
import { readEvents, type UpcastEvent } from './aggregate-stream';
import { EventStore } from './event-store.port';

const PAGE = 100;

/**
 * The newest event of a stream matching `matches`, looking back only as far as events recorded at or
 * after `sinceIso` (bounded however long the stream is). Used to learn whether a step already happened
 * before repeating it: an order's invoice number issued, its credits granted.
 */
export async function findSince<E extends DomainEvent>(
  store: EventStore,
  streamId: string,
  upcasters: Upcasters<E> | undefined,
  sinceIso: string,
  matches: (event: UpcastEvent<E>) => boolean,
): Promise<UpcastEvent<E> | null> {
  let fromRevision: number | undefined;
  for (;;) {
    const page = await readEvents(store, streamId, upcasters, { direction: 'backwards', maxCount: PAGE, fromRevision });
    for (const event of page) {
      if (matches(event)) return event;
      if (event.recordedAt < sinceIso) return null;
    }
    if (page.length < PAGE) return null;
    fromRevision = page[page.length - 1].revision - 1;
    if (fromRevision < 0) return null;
  }
}

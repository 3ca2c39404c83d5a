import { EventStore, RecordedEvent } from '@lib/eventstore';

const PAGE = 100;

/**
 * The newest event of a stream matching `matches`, looking back only as far as events recorded at or
 * after `sinceIso` (bounded however long the stream is). Used to learn whether a step of an order's
 * settlement already happened before repeating it.
 */
export async function findSince(store: EventStore, streamId: string, sinceIso: string, matches: (event: RecordedEvent) => boolean): Promise<RecordedEvent | null> {
  let fromRevision: number | undefined;
  for (;;) {
    const page = await store.readStream(streamId, { direction: 'backwards', maxCount: PAGE, fromRevision });
    for (const event of page) {
      if (matches(event)) return event;
      if (event.recordedAt < sinceIso) return null;
    }
    if (page.length < PAGE) return null;
    fromRevision = page[page.length - 1].revision - 1;
    if (fromRevision < 0) return null;
  }
}

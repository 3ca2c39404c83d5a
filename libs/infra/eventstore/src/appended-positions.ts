import type { EventStore } from './event-store.port';

/**
 * The global position of each event one append wrote, in order. An append reports only its last
 * event's position, and a projected document reaches only the position of the event that changed it:
 * a caller waiting for the document of an earlier event of the batch must wait for that event's own
 * position, or it waits out the freshness timeout.
 */
export async function appendedPositions(
  store: EventStore,
  streamId: string,
  appended: { events: readonly unknown[]; nextRevision: number; position: number },
): Promise<number[]> {
  const count = appended.events.length;
  if (count <= 1) return count === 1 ? [appended.position] : [];
  const recorded = await store.readStream(streamId, {
    fromRevision: appended.nextRevision - count + 1,
    maxCount: count,
  });
  return recorded.map((event) => event.position);
}

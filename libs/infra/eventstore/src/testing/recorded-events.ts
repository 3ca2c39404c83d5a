import type { RecordedEvent } from '../event-store.port';

/**
 * Events as a store hands them to a projection, numbered in the order they are made (id, revision and
 * position), for a spec that projects a history by hand the way the projector role would.
 */
export function eventRecorder(
  recordedAt = '2025-03-01T10:00:00.000Z',
): (type: string, streamId: string, data: Record<string, unknown>) => RecordedEvent {
  let position = 0;
  return (type, streamId, data) => {
    position += 1;
    return { id: `e${position}`, type, streamId, revision: position - 1, position, data, metadata: {}, recordedAt };
  };
}

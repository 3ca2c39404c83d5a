import type { RecordedEvent } from '../event-store.port';

/**
 * One table is the whole log: the rowid is the global position (AUTOINCREMENT so a position is never
 * reused, even after the newest row is deleted by hand), and (stream_id, revision) is unique, which is
 * the last line of defence against two writers claiming the same revision.
 */
export const EVENT_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT NOT NULL UNIQUE,
  stream_id   TEXT NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT NOT NULL,
  data        TEXT NOT NULL,
  metadata    TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
`;

export interface EventRow {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

export const EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata, recorded_at';

/** Maps a stored row to the port's shape. */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    recordedAt: row.recorded_at,
  };
}

import { createHash } from 'node:crypto';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  type EventData,
  type Filter,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { ExpectedRevision, NewEvent, RecordedEvent } from '../event-store.port';

/** Metadata key that carries a caller's event id when it is not a UUID (EventStoreDB ids must be UUIDs). */
const ORIGINAL_ID = '$originalId';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A name-based UUID (version 5 layout over SHA-1): the same caller id always maps to the same ESDB id, so retries stay idempotent. */
export function uuidFor(id: string): string {
  const bytes = createHash('sha1').update(`mailcheck-event:${id}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function toEventData(event: NewEvent): EventData {
  const metadata: Record<string, unknown> = { ...(event.metadata ?? {}) };
  let id = event.id;
  if (id !== undefined && !UUID.test(id)) {
    metadata[ORIGINAL_ID] = id;
    id = uuidFor(id);
  }
  return jsonEvent({ id, type: event.type, data: event.data, metadata });
}

export function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

export function fromCurrentRevision(actual: CurrentRevision): number | 'no_stream' {
  return typeof actual === 'bigint' ? Number(actual) : 'no_stream';
}

/**
 * The port's numeric position is the commit position. Events appended without explicit transactions
 * (the only kind this codebase writes) each have commit == prepare, so resuming from {c, c} is exact.
 */
export function toEsdbPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

/** "No position" (the unsigned 64-bit maximum): stream reads on servers before 22.6, some checkpoints. */
export const NO_POSITION = 18446744073709551615n;

/** The $all commit position of any event read, JSON or not; null when the server sent none. */
export function commitPositionOf(resolved: ResolvedEvent): number | null {
  const commit = resolved.event?.position?.commit ?? resolved.commitPosition;
  return commit !== undefined && commit !== NO_POSITION ? Number(commit) : null;
}

/** The port's shape of a JSON event; null for what the port cannot represent (non-JSON events such as links `$>`). */
export function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  const { [ORIGINAL_ID]: originalId, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
  return {
    id: typeof originalId === 'string' ? originalId : event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: commitPositionOf(resolved) ?? -1,
    data: event.data,
    metadata,
    recordedAt: event.created.toISOString(),
  };
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Exact event-type match on the server; without types, only system events ($...) are left out. */
export function subscriptionFilter(
  eventTypes: string[] | undefined,
  checkpointReached: Filter['checkpointReached'],
): Filter {
  if (!eventTypes) return excludeSystemEvents({ checkpointReached });
  const regex = `^(?:${eventTypes.map(escapeRegex).join('|')})$`;
  return eventTypeFilter({ regex, checkpointReached });
}

/** Client-side twin of subscriptionFilter, for reads of $all (this client has no server-side filter on reads). */
export function matchesTypes(event: RecordedEvent, eventTypes: string[] | undefined): boolean {
  if (event.type.startsWith('$')) return false;
  return !eventTypes || eventTypes.includes(event.type);
}

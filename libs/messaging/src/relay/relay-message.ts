/**
 * The analytics feed's message format, schema version 1 (relay-message.schema.json beside this file):
 *
 *   topic  events.<category>            e.g. events.credits
 *   key    <stream id>                  e.g. credits-acc_123 (keeps one stream in order)
 *   value  { schemaVersion: 1, eventId, type, stream, category, position, revision, occurredAt, data }
 *
 * At-least-once: after a crash a few events may be published again, so consumers dedupe by eventId.
 * Fields are only ever added; anything breaking gets a new schemaVersion.
 */
import type { RecordedEvent } from '@lib/eventstore';
import { analyticsData } from './analytics-redaction';

export const RELAY_SCHEMA_VERSION = 1;

/** The stream categories of this service, each with its own topic. */
export const RELAY_CATEGORIES = [
  'accounts',
  'credits',
  'verifications',
  'jobs',
  'finder',
  'webhooks',
  'webhookdeliveries',
  'idempotency',
] as const;

/** Streams whose name has no usable category go here rather than being dropped. */
export const FALLBACK_CATEGORY = 'other';

export interface RelayMessageV1 {
  schemaVersion: 1;
  eventId: string;
  type: string;
  stream: string;
  category: string;
  position: number;
  revision: number;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** The text before the first '-' of `<category>-<id>`, restricted to characters valid in a topic name. */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  const category = dash > 0 ? streamId.slice(0, dash) : '';
  return /^[a-z0-9_]+$/i.test(category) ? category : FALLBACK_CATEGORY;
}

/** The topic of a category: `events.<category>`. */
export const relayTopic = (category: string): string => `events.${category}`;

/** The message value for one recorded event, its data as analytics may carry it (analytics-redaction.ts). */
export function toRelayMessage(event: RecordedEvent): RelayMessageV1 {
  const occurredAt = event.metadata?.occurredAt;
  const category = categoryOf(event.streamId);
  return {
    schemaVersion: RELAY_SCHEMA_VERSION,
    eventId: event.id,
    type: event.type,
    stream: event.streamId,
    category,
    position: event.position,
    revision: event.revision,
    occurredAt: typeof occurredAt === 'string' ? occurredAt : event.recordedAt,
    data: analyticsData(category, event.data),
  };
}

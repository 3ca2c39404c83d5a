/**
 * The analytics feed's message format, schema version 1 (relay-message.schema.json beside this file):
 *
 *   topic  events.<category>            e.g. events.credits
 *   key    <stream id>                  e.g. credits-acc_123 (keeps one stream in order)
 *   value  { schemaVersion: 1, eventId, type, stream, category, position, revision, occurredAt, data }
 *
 * At-least-once: after a crash a few events may be published again, so consumers dedupe by eventId.
 * Fields are only ever added; anything breaking gets a new schemaVersion. Only the categories
 * analytics-redaction.ts lists are published: another category's events are not relayed at all.
 */
import type { RecordedEvent } from '@lib/eventstore';
import type { AnalyticsAllowlists } from './analytics-allowlist';
import { analyticsData, PUBLISHED_CATEGORIES } from './analytics-redaction';

export const RELAY_SCHEMA_VERSION = 1;

/** The stream categories whose topic is published (analytics-redaction.ts decides), each with its own topic. */
export const RELAY_CATEGORIES: readonly string[] = PUBLISHED_CATEGORIES;

/** The category of a stream whose name has none usable; not published (nobody decided what it holds). */
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

/**
 * The message value for one recorded event, its data as analytics may carry it, or null when its
 * category's topic is not published (analytics-redaction.ts).
 */
export function toRelayMessage(event: RecordedEvent, allowlists?: AnalyticsAllowlists): RelayMessageV1 | null {
  const occurredAt = event.metadata?.occurredAt;
  const category = categoryOf(event.streamId);
  const data = analyticsData(category, event.type, event.data, allowlists);
  if (data === null) return null;
  return {
    schemaVersion: RELAY_SCHEMA_VERSION,
    eventId: event.id,
    type: event.type,
    stream: event.streamId,
    category,
    position: event.position,
    revision: event.revision,
    occurredAt: typeof occurredAt === 'string' ? occurredAt : event.recordedAt,
    data,
  };
}

import { isDeepStrictEqual } from 'node:util';
import type { EventStore, RecordedEvent } from '@lib/eventstore';
import { type PersonalDataRegistry, SEALED_FIELD } from '@lib/personal-data';

const PAGE = 1_000;

/** Every event of the log, in global order, a page at a time. */
export async function* everyEvent(store: EventStore): AsyncGenerator<RecordedEvent[]> {
  let after: number | undefined;
  for (;;) {
    const page = await store.readAll({ after, maxCount: PAGE });
    if (page.length === 0) return;
    after = page[page.length - 1].position;
    yield page;
  }
}

const isSealed = (event: RecordedEvent): boolean =>
  Array.isArray((event.data as Record<string, unknown>)[SEALED_FIELD]);

export interface TypeCount {
  events: number;
  /** Written in the clear though their type has a policy now: what the copy seals. */
  toSeal: number;
  /** Sealed already (written after sealing was turned on). */
  sealed: number;
}

/** What a copy would do, per event type, writing nothing (`raw`: the log as stored, not opened). */
export async function countLog(raw: EventStore, registry: PersonalDataRegistry): Promise<Record<string, TypeCount>> {
  const counts: Record<string, TypeCount> = {};
  for await (const page of everyEvent(raw))
    for (const event of page) {
      const count = (counts[event.type] ??= { events: 0, toSeal: 0, sealed: 0 });
      count.events++;
      if (isSealed(event)) count.sealed++;
      else if (registry.policyFor(event.type)) count.toSeal++;
    }
  return counts;
}

/**
 * Appends every event of `source` (opened) to `target` (a sealing store on an empty log) in the source's
 * global order, with its id and metadata, so the target seals what the policies name. Consecutive events of
 * one stream go in one append.
 */
export async function copyLog(source: EventStore, target: EventStore): Promise<number> {
  const revisions = new Map<string, number>();
  let copied = 0;
  for await (const page of everyEvent(source)) {
    for (let i = 0; i < page.length;) {
      const streamId = page[i].streamId;
      let end = i;
      while (end < page.length && page[end].streamId === streamId) end++;
      const run = page.slice(i, end).map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
      const last = revisions.get(streamId);
      const written = await target.appendToStream(streamId, run, last === undefined ? 'no_stream' : last);
      revisions.set(streamId, written.nextRevision);
      copied += run.length;
      i = end;
    }
  }
  return copied;
}

export interface LogComparison {
  events: number;
  /** Events whose opened target differs from the source (id, stream, revision, type, data or metadata). */
  differences: Array<{ position: number; id: string; type: string }>;
  /** Events of a type with a policy still in the clear in the target as stored. */
  clearInTarget: Array<{ id: string; type: string }>;
}

/** Replays both logs side by side: what readers see of the target (opened) must equal the source. */
export async function compareLogs(
  source: EventStore,
  target: EventStore,
  rawTarget: EventStore,
  registry: PersonalDataRegistry,
): Promise<LogComparison> {
  const result: LogComparison = { events: 0, differences: [], clearInTarget: [] };
  const opened = everyEvent(target);
  const raw = everyEvent(rawTarget);
  let theirs: RecordedEvent[] = [];
  let stored: RecordedEvent[] = [];
  for await (const page of everyEvent(source)) {
    for (const mine of page) {
      if (theirs.length === 0) theirs = (await opened.next()).value ?? [];
      if (stored.length === 0) stored = (await raw.next()).value ?? [];
      const other = theirs.shift();
      const asStored = stored.shift();
      result.events++;
      const same =
        other !== undefined &&
        other.id === mine.id &&
        other.streamId === mine.streamId &&
        other.revision === mine.revision &&
        other.type === mine.type &&
        // As JSON text: key order too, as every reader (and every replayed answer) would see it.
        JSON.stringify(other.data) === JSON.stringify(mine.data) &&
        isDeepStrictEqual(other.metadata, mine.metadata);
      if (!same) result.differences.push({ position: mine.position, id: mine.id, type: mine.type });
      const parts = registry.policyFor(mine.type)?.split(mine.data, mine.streamId).parts.length ?? 0;
      if (asStored && parts > 0 && !isSealed(asStored))
        result.clearInTarget.push({ id: asStored.id, type: asStored.type });
    }
  }
  if ((await opened.next()).value?.length) result.differences.push({ position: -1, id: 'extra', type: 'target' });
  return result;
}

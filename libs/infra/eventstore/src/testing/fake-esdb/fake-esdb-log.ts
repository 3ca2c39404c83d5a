import { randomUUID } from 'node:crypto';

/** One record of the fake server's log, as EventStoreDB stores it: raw bytes, a content type, a commit position. */
export interface FakeRecord {
  id: string;
  streamId: string;
  revision: number;
  type: string;
  contentType: string;
  data: Buffer;
  metadata: Buffer;
  /** Commit position; equal to the prepare position (no explicit transactions). */
  position: number;
  created: Date;
}

export type ProposedRecord = Pick<FakeRecord, 'id' | 'type' | 'contentType' | 'data' | 'metadata'>;

/** `undefined`: any; 'no_stream' / 'stream_exists'; a number: the stream's last revision. */
export type FakeExpected = 'any' | 'no_stream' | 'stream_exists' | number;

export type FakeAppendOutcome =
  { ok: true; revision: number; position: number } | { ok: false; current: number | 'no_stream' };

/**
 * The part of EventStoreDB's storage the adapter relies on: per-stream revisions with optimistic
 * concurrency, one global log ordered by position (byte offsets, so not contiguous), and the server's
 * idempotency rule (the same event ids at the same expected revision answer with the first result).
 */
export class FakeEsdbLog {
  readonly records: FakeRecord[] = [];
  /** Where the next record will be written (EventStoreDB's writer checkpoint). */
  nextPosition = 1_000;
  private readonly listeners = new Set<() => void>();

  append(streamId: string, events: ProposedRecord[], expected: FakeExpected): FakeAppendOutcome {
    const stream = this.records.filter((r) => r.streamId === streamId);
    const current = stream.length === 0 ? 'no_stream' : stream[stream.length - 1].revision;
    const earlier = this.earlierAppend(stream, events, expected);
    if (earlier) return earlier;
    if (!revisionMatches(expected, current)) return { ok: false, current };
    // The server accepts an empty append and answers with the stream's current revision.
    if (events.length === 0) return { ok: true, revision: current === 'no_stream' ? -1 : current, position: -1 };
    let revision = current === 'no_stream' ? -1 : current;
    for (const event of events) {
      revision += 1;
      this.records.push({
        ...event,
        id: event.id || randomUUID(),
        streamId,
        revision,
        position: this.nextPosition,
        created: new Date(),
      });
      // Record sizes differ, so positions leave gaps as EventStoreDB's byte offsets do.
      this.nextPosition += 97 + event.data.length;
    }
    const last = this.records[this.records.length - 1];
    this.listeners.forEach((listener) => listener());
    return { ok: true, revision, position: last.position };
  }

  stream(streamId: string): FakeRecord[] {
    return this.records.filter((r) => r.streamId === streamId);
  }

  /** Calls `listener` after every successful append; returns the unsubscribe function. */
  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private earlierAppend(
    stream: FakeRecord[],
    events: ProposedRecord[],
    expected: FakeExpected,
  ): FakeAppendOutcome | null {
    if (events.length === 0 || (typeof expected === 'string' && expected !== 'no_stream')) return null;
    const first = stream.findIndex((r) => r.id === events[0].id);
    if (first < 0) return null;
    const expectedFirst = expected === 'no_stream' ? 0 : expected + 1;
    const same = first === expectedFirst && events.every((event, i) => stream[first + i]?.id === event.id);
    if (!same) return null;
    const last = stream[first + events.length - 1];
    return { ok: true, revision: last.revision, position: last.position };
  }
}

function revisionMatches(expected: FakeExpected, current: number | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 'no_stream';
  if (expected === 'stream_exists') return current !== 'no_stream';
  return current === expected;
}

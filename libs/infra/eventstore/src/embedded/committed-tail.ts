import type { ReadAllOptions, RecordedEvent } from '../event-store.port';
import { type EventRow, toRecordedEvent } from './sqlite-event-schema';

export interface CommittedTailLimits {
  /** Most events kept. Default 1,024: subscriptions that keep up read a few behind the newest. */
  maxEvents?: number;
  /** Most characters of data and metadata kept (a chunk's event can be large). Default 4 Mi. */
  maxChars?: number;
}

/** A row this process committed; parsed on the first read, then the same frozen event for every reader. */
interface TailEntry {
  row: EventRow;
  event?: RecordedEvent;
  chars: number;
}

/**
 * The newest events this process committed to the log, as stored (rows, so they read exactly as SQLite
 * would give them back), for readers that follow the log closely: the projections' and the relay's
 * subscriptions each read every event a few ms after it was appended, and reading and parsing it from the
 * file once per subscription was ~8% of the app's main thread (issue 40). Each event is parsed once, by its
 * first reader, and handed to every reader as the same object, deep-frozen so that no reader can change what
 * another one sees.
 *
 * What is kept answers a read only when it is the whole log for the range read: every event stored after
 * `coveredAfter` is here, and no other connection (another process: the CLI) committed since that was last
 * known, which SQLite's data_version tells (it changes on every commit of another connection, never on this
 * one's). An append by another process thus makes reads go to the file until this process's next commit,
 * which starts the tail again at its own first position (its group ran in an IMMEDIATE transaction, so the
 * positions between its first and last event are all its own).
 *
 * Erasure: under a SealingEventStore this holds the events as stored, i.e. sealed; they are opened on every
 * read with the keys the key store still has. A part whose key was destroyed reads as erased whether it came
 * from here or from the file, so nothing kept here can outlive an erasure as plaintext.
 */
export class CommittedTail {
  private entries: TailEntry[] = [];
  private chars = 0;
  /** Every event stored after this position (up to the last entry) is in `entries`. */
  private coveredAfter = 0;
  /** data_version when the log was last known to hold nothing past the last entry; undefined: not known. */
  private version: number | undefined;
  private readonly maxEvents: number;
  private readonly maxChars: number;

  constructor(
    private readonly dataVersion: () => number,
    limits: CommittedTailLimits = {},
  ) {
    this.maxEvents = limits.maxEvents ?? 1024;
    this.maxChars = limits.maxChars ?? 4 * 1024 * 1024;
  }

  /** The log as it is when the store opens: nothing kept yet, and nothing stored after `head`. */
  start(head: number, version: number): void {
    this.entries = [];
    this.chars = 0;
    this.coveredAfter = head;
    this.version = version;
  }

  /**
   * Rows this process just committed, in position order; `version` is the data_version read inside their
   * transaction. They extend the tail when no other connection committed since it was last whole, else
   * they start it again.
   */
  committed(rows: EventRow[], version: number): void {
    if (rows.length === 0) return;
    if (version !== this.version) this.start(rows[0].position - 1, version);
    for (const row of rows) {
      const chars = row.data.length + row.metadata.length;
      this.entries.push({ row, chars });
      this.chars += chars;
    }
    this.trim();
  }

  /**
   * The events `readAll(options)` would read from the file, or null when what is kept cannot tell (the range
   * starts before it, or another connection committed since): then read the file.
   */
  read(options: ReadAllOptions): RecordedEvent[] | null {
    const after = options.after ?? 0;
    if (this.version === undefined || after < this.coveredAfter) return null;
    if (this.dataVersion() !== this.version) {
      this.version = undefined;
      return null;
    }
    const upTo = options.upTo ?? Number.MAX_SAFE_INTEGER;
    const max = options.maxCount === undefined || options.maxCount < 0 ? Infinity : options.maxCount;
    const types = options.eventTypes && new Set(options.eventTypes);
    const events: RecordedEvent[] = [];
    for (let i = this.firstAfter(after); i < this.entries.length && events.length < max; i++) {
      const entry = this.entries[i];
      if (entry.row.position > upTo) break;
      if (types && !types.has(entry.row.type)) continue;
      entry.event ??= deepFreeze(toRecordedEvent(entry.row));
      events.push(entry.event);
    }
    return events;
  }

  /** Index of the first entry after `position` (binary search: positions ascend). */
  private firstAfter(position: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.entries[mid].row.position <= position) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private trim(): void {
    if (this.entries.length <= this.maxEvents && this.chars <= this.maxChars) return;
    // Down to three quarters of each limit, so the copy below is made once per many commits.
    let drop = 0;
    while (
      drop < this.entries.length &&
      (this.entries.length - drop > this.maxEvents * 0.75 || this.chars > this.maxChars * 0.75)
    ) {
      this.chars -= this.entries[drop].chars;
      drop++;
    }
    this.coveredAfter = this.entries[drop - 1].row.position;
    this.entries = this.entries.slice(drop);
  }
}

/** Freezes a parsed JSON value all the way down (it has no cycles), so readers sharing it cannot change it. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) for (const item of value) deepFreeze(item);
  else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}

import Database from 'better-sqlite3';
import {
  AppendResult,
  EventStore,
  EventSubscription,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  WrongExpectedRevisionError,
} from '../event-store.port';
import { EVENT_COLUMNS, EVENT_SCHEMA, EventRow, toRecordedEvent } from './sqlite-event-schema';
import { PollingSubscription } from './polling-subscription';
import { CommittedTail, type CommittedTailLimits } from './committed-tail';
import {
  GroupOutcome,
  MemoByKey,
  openSqlite,
  outcomesInSavepoints,
  SameTurnGroups,
  timeOrderedUuid,
  WakeSignal,
} from '@lib/common';

/** One appendToStream call of a group. */
interface GroupedAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

/** What one append of a group wrote: its result, and its rows for the committed tail. */
interface WrittenAppend {
  result: AppendResult;
  rows: EventRow[];
}

export interface SqliteEventStoreOptions {
  /** How often subscriptions look for events written by other processes. Default 200 ms. */
  pollIntervalMs?: number;
  /** Pause before a subscription retries an event whose handler rejected. Default 1000 ms. */
  retryDelayMs?: number;
  /** Bounds of the events kept in memory after their commit for readers of the log (see CommittedTail). */
  tail?: CommittedTailLimits;
}

/**
 * The embedded event store: one SQLite file in WAL mode.
 * synchronous=FULL because this file is the source of truth: an acknowledged append must survive a power
 * cut, and NORMAL in WAL mode may lose the last commits (never corrupting, but losing credits is not ok).
 *
 * Group commit: appends called in the same turn of the event loop are written in ONE transaction, so
 * they share one fsync (better-sqlite3 is synchronous: each fsync stalls the whole process). Each append
 * runs in its own savepoint with its own expected-revision check, so a conflict or a refused id fails only
 * that call, and appends later in the group see what earlier ones wrote (two calls expecting the same
 * revision: the first wins, the second conflicts). Positions follow the order of the calls. No promise
 * resolves before the group's commit is on disk; a failed commit rejects every append of the group.
 */
export class SqliteEventStore extends EventStore {
  private readonly db: Database.Database;
  private readonly statements = new MemoByKey((sql) => this.db.prepare(sql));
  private readonly appended = new WakeSignal();
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly groups = new SameTurnGroups<GroupedAppend, AppendResult>((group) => this.commitGroup(group));
  /** What this process committed last, read from memory by the subscriptions that follow the log. */
  private readonly tail: CommittedTail;
  /** One append inside the group's transaction: nested, so better-sqlite3 runs it in a savepoint. */
  private readonly appendInSavepoint: (
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ) => WrittenAppend;
  /**
   * The group's IMMEDIATE transaction, so no other writer (another process) interleaves with the revision
   * checks; it also reads data_version, which no other connection can change before it commits.
   */
  private readonly groupTransaction: Database.Transaction<
    (group: GroupedAppend[]) => { outcomes: GroupOutcome<WrittenAppend>[]; version: number }
  >;

  constructor(
    filePath: string,
    private readonly options: SqliteEventStoreOptions = {},
  ) {
    super();
    this.db = openSqlite(filePath, { synchronous: 'FULL' });
    this.db.exec(EVENT_SCHEMA);
    this.appendInSavepoint = this.db.transaction((streamId: string, events: NewEvent[], expected: ExpectedRevision) =>
      this.appendInTransaction(streamId, events, expected),
    );
    this.groupTransaction = this.db.transaction((group: GroupedAppend[]) => ({
      version: this.dataVersion(),
      outcomes: outcomesInSavepoints(
        group,
        ({ streamId, events, expected }) => this.appendInSavepoint(streamId, events, expected),
        () => this.db.inTransaction,
      ),
    }));
    this.tail = new CommittedTail(() => this.dataVersion(), options.tail);
    // The version first: a commit by another process in between makes the first read go to the file.
    const version = this.dataVersion();
    this.tail.start(this.headRow(), version);
  }

  /** Joins the group committed at the end of this turn of the event loop (see the class comment). */
  override async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    return this.groups.add({ streamId, events, expected: expectedRevision });
  }

  override async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const rows = this.statements
      .get(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? AND revision ${backwards ? '<=' : '>='} ?
         ORDER BY revision ${backwards ? 'DESC' : 'ASC'} LIMIT ?`,
      )
      .all(streamId, from, options.maxCount ?? -1) as EventRow[];
    return rows.map(toRecordedEvent);
  }

  /**
   * From memory when the range is in what this process committed last (CommittedTail), else from the file.
   * Events read from memory are shared by every reader and frozen: readers must not change them.
   */
  override async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const types = options.eventTypes;
    if (types && types.length === 0) return [];
    const kept = this.tail.read(options);
    if (kept) return kept;
    const typeClause = types ? `AND type IN (${types.map(() => '?').join(', ')})` : '';
    const rows = this.statements
      .get(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? AND position <= ? ${typeClause} ORDER BY position LIMIT ?`,
      )
      .all(
        options.after ?? 0,
        options.upTo ?? Number.MAX_SAFE_INTEGER,
        ...(types ?? []),
        options.maxCount ?? -1,
      ) as EventRow[];
    return rows.map(toRecordedEvent);
  }

  override async headPosition(): Promise<number> {
    return this.headRow();
  }

  override subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void>,
  ): EventSubscription {
    const subscription = new PollingSubscription(
      (after) => this.readAll({ after, eventTypes: options.eventTypes, maxCount: 256 }),
      this.appended,
      {
        name: options.name ?? 'subscription',
        after: options.after ?? 0,
        pollIntervalMs: this.options.pollIntervalMs ?? 200,
        retryDelayMs: this.options.retryDelayMs ?? 1000,
      },
      handler,
    );
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        await subscription.stop();
        this.subscriptions.delete(subscription);
      },
    };
  }

  override async ping(): Promise<boolean> {
    try {
      return this.statements.get('SELECT 1 AS ok').get() !== undefined;
    } catch {
      return false;
    }
  }

  /** Writes the appends already called, then stops every subscription, so no handler reads from a closed database. */
  override async close(): Promise<void> {
    this.groups.flush();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.subscriptions.clear();
    if (this.db.open) this.db.close();
  }

  /** Writes one group (SameTurnGroups settles each call after this returns, so only after the commit). */
  private commitGroup(group: GroupedAppend[]): GroupOutcome<AppendResult>[] {
    const { outcomes, version } = this.groupTransaction.immediate(group);
    const rows = outcomes.flatMap((o) => (o.ok ? o.result.rows : []));
    this.tail.committed(rows, version);
    if (outcomes.some((o) => o.ok)) this.appended.notify();
    return outcomes.map((o) => (o.ok ? { ok: true, result: o.result.result } : o));
  }

  private headRow(): number {
    const row = this.statements.get('SELECT MAX(position) AS position FROM events').get() as {
      position: number | null;
    };
    return row.position ?? 0;
  }

  /** Changes whenever another connection commits to the file (never for this one's commits). */
  private dataVersion(): number {
    return this.statements.get('PRAGMA data_version').pluck().get() as number;
  }

  private appendInTransaction(streamId: string, events: NewEvent[], expected: ExpectedRevision): WrittenAppend {
    const earlier = this.earlierAppend(streamId, events, expected);
    if (earlier) return { result: earlier, rows: [] };
    const last = this.statements
      .get('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?')
      .get(streamId) as {
      revision: number | null;
    };
    const actual = last.revision ?? 'no_stream';
    if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(streamId, expected, actual);
    const insert = this.statements.get(
      `INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at)
       VALUES (@event_id, @stream_id, @revision, @type, @data, @metadata, @recorded_at)`,
    );
    const recordedAt = new Date().toISOString();
    let revision = actual === 'no_stream' ? -1 : actual;
    const rows: EventRow[] = [];
    for (const event of events) {
      revision += 1;
      const row = {
        event_id: event.id ?? timeOrderedUuid(),
        stream_id: streamId,
        revision,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata ?? {}),
        recorded_at: recordedAt,
      };
      const info = insert.run(row);
      rows.push({ position: Number(info.lastInsertRowid), ...row });
    }
    return { result: { nextRevision: revision, position: rows[rows.length - 1].position }, rows };
  }

  /**
   * A retried append (same ids, same expected revision) returns what the first attempt wrote, so a client
   * that lost the reply can safely retry. Ids reused in any other way are refused.
   */
  private earlierAppend(streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult | null {
    const ids = events.map((e) => e.id).filter((id): id is string => id !== undefined);
    if (ids.length === 0) return null;
    const rows = this.statements
      .get(`SELECT ${EVENT_COLUMNS} FROM events WHERE event_id IN (${ids.map(() => '?').join(', ')})`)
      .all(...ids) as EventRow[];
    if (rows.length === 0) return null;
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    const stored = events.map((e) => (e.id === undefined ? undefined : byId.get(e.id)));
    const first = stored[0];
    const isRetry =
      first !== undefined &&
      first.stream_id === streamId &&
      stored.every(
        (row, i) => row !== undefined && row.stream_id === streamId && row.revision === first.revision + i,
      ) &&
      revisionMatches(expected, first.revision === 0 ? 'no_stream' : first.revision - 1);
    if (!isRetry)
      throw new Error(
        `stream ${streamId}: event ids already stored by a different append (${rows.map((r) => r.event_id).join(', ')})`,
      );
    const last = stored[stored.length - 1] as EventRow;
    return { nextRevision: last.revision, position: last.position };
  }
}

function revisionMatches(expected: ExpectedRevision, actual: number | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}

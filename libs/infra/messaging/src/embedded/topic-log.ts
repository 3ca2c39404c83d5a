import Database from 'better-sqlite3';
import { GroupOutcome, MemoByKey, openSqlite, outcomesInSavepoints } from '@lib/common';
import type { OutgoingMessage } from '../message-bus.port';

/** A message as stored in a partition of a topic's log. */
export interface LoggedMessage {
  topic: string;
  partition: number;
  offset: number;
  key: string;
  value: Record<string, unknown>;
  headers: Record<string, string>;
}

/** One publish call: messages for one topic. */
export interface TopicAppend {
  topic: string;
  messages: OutgoingMessage[];
}

type Row = { partition: number; offset: number; key: string; value: string; headers: string };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS topics (name TEXT PRIMARY KEY, partitions INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  topic TEXT NOT NULL, partition INTEGER NOT NULL, offset INTEGER NOT NULL,
  key TEXT NOT NULL, value TEXT NOT NULL, headers TEXT NOT NULL, published_at INTEGER NOT NULL,
  PRIMARY KEY (topic, partition, offset)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sync_marks (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS offsets (
  group_id TEXT NOT NULL, topic TEXT NOT NULL, partition INTEGER NOT NULL, next_offset INTEGER NOT NULL,
  PRIMARY KEY (group_id, topic, partition)
) WITHOUT ROWID;
`;

/**
 * The durable side of the embedded bus: per topic, N partitions of increasing offsets (like Kafka), and
 * the next offset each consumer group will read per partition.
 * synchronous=FULL: `publish` promises the message is stored, and the relay advances its checkpoint on
 * that promise, so an acknowledged message must survive a power cut (offset commits need not: see commit).
 * Retention may leave gaps below a partition's newest message (see `trim`); readers fetch by `offset >=`.
 */
export class TopicLog {
  private readonly db: Database.Database;
  private readonly statements = new MemoByKey((sql) => this.db.prepare(sql));
  /** Partition counts of topics known to exist: a topic's count never changes once created. */
  private readonly partitionCounts = new Map<string, number>();
  /** SQLite's data_version at the last `changedElsewhere`. */
  private dataVersion?: number;
  /** One publish inside the group's transaction: nested, so better-sqlite3 runs it in a savepoint. */
  private readonly appendInSavepoint: (topic: string, messages: OutgoingMessage[]) => number[];
  /** The group's IMMEDIATE transaction: one fsync for every publish of the group. */
  private readonly appendGroup: Database.Transaction<(group: TopicAppend[]) => GroupOutcome<number[]>[]>;

  constructor(
    filePath: string,
    private readonly defaultPartitions: number,
    private readonly now: () => number = Date.now,
  ) {
    // Retention hands freed pages back; deleted messages (retention, erasure) are overwritten on disk.
    this.db = openSqlite(filePath, { synchronous: 'FULL', incrementalVacuum: true, secureDelete: true });
    this.db.exec(SCHEMA);
    this.addPublishedAt();
    this.appendInSavepoint = this.db.transaction((topic: string, messages: OutgoingMessage[]) =>
      this.appendToTopic(topic, messages),
    );
    this.appendGroup = this.db.transaction((group: TopicAppend[]) =>
      outcomesInSavepoints(
        group,
        ({ topic, messages }) => this.appendInSavepoint(topic, messages),
        () => this.db.inTransaction,
      ),
    );
  }

  /** The topic's partition count, creating the topic on first use with the default count (or `minimum`, if more). */
  partitions(topic: string, minimum = 0): number {
    const known = this.partitionCounts.get(topic);
    if (known !== undefined) return known;
    this.statements
      .get('INSERT INTO topics (name, partitions) VALUES (?, ?) ON CONFLICT (name) DO NOTHING')
      .run(topic, Math.max(this.defaultPartitions, minimum));
    const { partitions } = this.statements.get('SELECT partitions FROM topics WHERE name = ?').get(topic) as {
      partitions: number;
    };
    this.partitionCounts.set(topic, partitions);
    return partitions;
  }

  /**
   * Writes a group of publishes in ONE IMMEDIATE transaction (one fsync for all of them; offsets stay
   * contiguous with writers in other processes), each publish in its own savepoint, so one that fails
   * (a value that is not JSON) is refused alone. Throws, having written nothing, when the transaction fails.
   */
  append(group: TopicAppend[], synced = true): GroupOutcome<number[]>[] {
    if (synced) return this.appendGroup.immediate(group);
    // Not synced on its own (see commit): durable with the next synced write, which `sync` makes on demand.
    this.statements.get('PRAGMA synchronous = NORMAL').run();
    try {
      return this.appendGroup.immediate(group);
    } finally {
      this.statements.get('PRAGMA synchronous = FULL').run();
    }
  }

  /**
   * A synced write of its own (the time of the last sync in `sync_marks`): the WAL is synced in order, so
   * every commit before it, unsynced publishes and offset commits alike, is durable once it returns.
   */
  sync(): void {
    this.statements
      .get('INSERT INTO sync_marks (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at')
      .run(this.now());
  }

  /**
   * Whether another connection (another process) committed to the file since the last call; commits of
   * this connection do not count. The first call answers true.
   */
  changedElsewhere(): boolean {
    const { data_version: version } = this.statements.get('PRAGMA data_version').get() as { data_version: number };
    const changed = version !== this.dataVersion;
    this.dataVersion = version;
    return changed;
  }

  /** Up to `limit` messages of one partition from `fromOffset` on. */
  fetch(topic: string, partition: number, fromOffset: number, limit: number): LoggedMessage[] {
    const rows = this.statements
      .get(
        'SELECT partition, offset, key, value, headers FROM messages WHERE topic = ? AND partition = ? AND offset >= ? ORDER BY offset LIMIT ?',
      )
      .all(topic, partition, fromOffset, limit) as Row[];
    return rows.map((r) => ({
      topic,
      partition: r.partition,
      offset: r.offset,
      key: r.key,
      value: JSON.parse(r.value),
      headers: JSON.parse(r.headers),
    }));
  }

  /** The next offset the group will read; 0 (the earliest message) for a new group. */
  committed(groupId: string, topic: string, partition: number): number {
    const row = this.statements
      .get('SELECT next_offset FROM offsets WHERE group_id = ? AND topic = ? AND partition = ?')
      .get(groupId, topic, partition) as { next_offset: number } | undefined;
    return row?.next_offset ?? 0;
  }

  /** Records the group as a reader of the partition (at offset 0 if new), so retention keeps what it has not read. */
  register(groupId: string, topic: string, partition: number): void {
    this.statements
      .get(
        'INSERT INTO offsets (group_id, topic, partition, next_offset) VALUES (?, ?, ?, 0) ON CONFLICT (group_id, topic, partition) DO NOTHING',
      )
      .run(groupId, topic, partition);
  }

  /**
   * Not synced on its own (synchronous NORMAL for this one write): a commit lost to a power cut only
   * delivers its messages again, which every consumer must bear anyway (at-least-once), and the next
   * synced write to this log (a publish, a trim) makes it durable too, since the WAL is synced in order;
   * so a trim never outlives the commits it relied on. One fsync per consumed message was a quarter of
   * the all-in-one app's time in a bulk job (`npm run bench:probe`).
   */
  commit(groupId: string, topic: string, partition: number, nextOffset: number): void {
    this.statements.get('PRAGMA synchronous = NORMAL').run();
    try {
      this.statements
        .get(
          `INSERT INTO offsets (group_id, topic, partition, next_offset) VALUES (?, ?, ?, ?)
           ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = excluded.next_offset`,
        )
        .run(groupId, topic, partition, nextOffset);
    } finally {
      this.statements.get('PRAGMA synchronous = FULL').run();
    }
  }

  /** Every partition of every topic, for retention to walk. */
  allPartitions(): Array<{ topic: string; partition: number }> {
    const topics = this.statements.get('SELECT name, partitions FROM topics ORDER BY name').all() as Array<{
      name: string;
      partitions: number;
    }>;
    return topics.flatMap((t) =>
      Array.from({ length: t.partitions }, (_, partition) => ({ topic: t.name, partition })),
    );
  }

  /**
   * Deletes up to `limit` of the partition's oldest messages that every group of the topic has committed
   * and that were published before `olderThan` (epoch ms); returns how many. A topic no group has read is
   * trimmed by age alone. The partition's newest message is always kept: `append` numbers on from it.
   */
  trim(topic: string, partition: number, olderThan: number, limit: number): number {
    return this.db
      .transaction(() => {
        const range = this.statements
          .get('SELECT MIN(offset) AS first, MAX(offset) AS last FROM messages WHERE topic = ? AND partition = ?')
          .get(topic, partition) as {
          first: number | null;
          last: number | null;
        };
        if (range.first === null || range.last === null) return 0;
        const floor = this.readFloor(topic, partition);
        let upTo = Math.min(range.last, range.first + limit, floor);
        // Stops at the first young message, so a clock step back never lets a newer message go early.
        const young = this.statements
          .get(
            'SELECT offset FROM messages WHERE topic = ? AND partition = ? AND offset < ? AND published_at >= ? ORDER BY offset LIMIT 1',
          )
          .get(topic, partition, upTo, olderThan) as { offset: number } | undefined;
        if (young) upTo = young.offset;
        const deleted = this.statements
          .get('DELETE FROM messages WHERE topic = ? AND partition = ? AND offset < ?')
          .run(topic, partition, upTo).changes;
        // The newest message stays (offsets go on from it), but past its retention and read by every group
        // it keeps no content: a chunk's addresses must not outlive the retention in a quiet partition.
        if (upTo !== range.last || floor <= range.last) return deleted;
        return (
          deleted +
          this.statements
            .get(
              `UPDATE messages SET value = '{"expired":true}', headers = '{}' WHERE topic = ? AND partition = ? AND offset = ? AND published_at < ? AND value <> '{"expired":true}'`,
            )
            .run(topic, partition, range.last, olderThan).changes
        );
      })
      .immediate();
  }

  /**
   * Erasure: deletes every message whose value holds `value` at one of the JSON paths; answers how many.
   * A partition's newest message is kept (append numbers on from it) with its value emptied instead. The
   * write-ahead log is truncated after, so no copy of the deleted pages stays in it.
   */
  forget(paths: string[], value: string | number, exceptTopics: string[] = []): number {
    const held = paths.map(() => 'json_extract(value, ?) = ?').join(' OR ');
    const except = exceptTopics.length ? ` AND topic NOT IN (${exceptTopics.map(() => '?').join(', ')})` : '';
    return this.forgetWhere(`(${held})${except}`, [...paths.flatMap((path) => [`$.${path}`, value]), ...exceptTopics]);
  }

  /** Forgets every message whose value holds `text` (case-folded, as stored in JSON). */
  forgetHolding(text: string): number {
    const escaped = JSON.stringify(text.toLowerCase()).slice(1, -1);
    return this.forgetWhere('instr(lower(value), ?) > 0', [escaped]);
  }

  private forgetWhere(where: string, args: Array<string | number>): number {
    const changed = this.db
      .transaction(() => {
        const newest = `(topic, partition, offset) IN (SELECT topic, partition, MAX(offset) FROM messages GROUP BY topic, partition)`;
        const emptied = this.db
          .prepare(`UPDATE messages SET value = '{"erased":true}', headers = '{}' WHERE (${where}) AND ${newest}`)
          .run(...args).changes;
        const deleted = this.db.prepare(`DELETE FROM messages WHERE (${where}) AND NOT ${newest}`).run(...args).changes;
        return emptied + deleted;
      })
      .immediate();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return changed;
  }

  /** Returns up to `pages` free pages to the file system (a no-op on files created before auto_vacuum). */
  releaseFreePages(pages: number): void {
    this.db.pragma(`incremental_vacuum(${Math.max(0, Math.floor(pages))})`);
  }

  ping(): boolean {
    return this.statements.get('SELECT 1 AS ok').get() !== undefined;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** The messages after the partitions' last offsets; returns the partitions written to. */
  private appendToTopic(topic: string, messages: OutgoingMessage[]): number[] {
    const count = this.partitions(topic);
    const last = this.statements.get('SELECT MAX(offset) AS o FROM messages WHERE topic = ? AND partition = ?');
    const insert = this.statements.get(
      'INSERT INTO messages (topic, partition, offset, key, value, headers, published_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const publishedAt = this.now();
    const next = new Map<number, number>();
    for (const message of messages) {
      const partition = message.partition === undefined ? partitionOf(message.key, count) : message.partition % count;
      const offset = next.get(partition) ?? ((last.get(topic, partition) as { o: number | null }).o ?? -1) + 1;
      insert.run(
        topic,
        partition,
        offset,
        message.key,
        JSON.stringify(message.value),
        JSON.stringify(message.headers ?? {}),
        publishedAt,
      );
      next.set(partition, offset + 1);
    }
    return [...next.keys()];
  }

  /** The lowest offset any group of the topic still needs in this partition; a group with no row here needs all of it. */
  private readFloor(topic: string, partition: number): number {
    const rows = this.statements
      .get('SELECT group_id, partition, next_offset FROM offsets WHERE topic = ?')
      .all(topic) as Array<{
      group_id: string;
      partition: number;
      next_offset: number;
    }>;
    const groups = new Set(rows.map((r) => r.group_id));
    let floor = Number.POSITIVE_INFINITY;
    for (const group of groups)
      floor = Math.min(floor, rows.find((r) => r.group_id === group && r.partition === partition)?.next_offset ?? 0);
    return floor;
  }

  /** Files written before retention have no publish time: stamp their messages "now", so they age from the upgrade. */
  private addPublishedAt(): void {
    this.db
      .transaction(() => {
        const columns = this.statements.get("SELECT name FROM pragma_table_info('messages')").all() as Array<{
          name: string;
        }>;
        if (columns.some((c) => c.name === 'published_at')) return;
        this.db.exec(`ALTER TABLE messages ADD COLUMN published_at INTEGER NOT NULL DEFAULT ${Math.floor(this.now())}`);
      })
      .immediate();
  }
}

/** FNV-1a of the key: stable across processes and restarts, so one key always lands in one partition. */
export function partitionOf(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

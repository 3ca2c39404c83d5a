import Database from 'better-sqlite3';
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

type Row = { partition: number; offset: number; key: string; value: string; headers: string };

const SCHEMA = `
CREATE TABLE IF NOT EXISTS topics (name TEXT PRIMARY KEY, partitions INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  topic TEXT NOT NULL, partition INTEGER NOT NULL, offset INTEGER NOT NULL,
  key TEXT NOT NULL, value TEXT NOT NULL, headers TEXT NOT NULL,
  PRIMARY KEY (topic, partition, offset)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS offsets (
  group_id TEXT NOT NULL, topic TEXT NOT NULL, partition INTEGER NOT NULL, next_offset INTEGER NOT NULL,
  PRIMARY KEY (group_id, topic, partition)
) WITHOUT ROWID;
`;

/**
 * The durable side of the embedded bus: per topic, N partitions of contiguous offsets (like Kafka), and
 * the next offset each consumer group will read per partition.
 * synchronous=FULL: `publish` promises the message is stored, and the relay advances its checkpoint on
 * that promise, so an acknowledged message must survive a power cut.
 */
export class TopicLog {
  private readonly db: Database.Database;

  constructor(filePath: string, private readonly defaultPartitions: number) {
    this.db = new Database(filePath);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  /** The topic's partition count, creating the topic with the default count on first use. */
  partitions(topic: string): number {
    this.db.prepare('INSERT INTO topics (name, partitions) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(topic, this.defaultPartitions);
    return (this.db.prepare('SELECT partitions FROM topics WHERE name = ?').get(topic) as { partitions: number }).partitions;
  }

  /** Appends in one IMMEDIATE transaction so offsets stay contiguous with writers in other processes. */
  append(topic: string, messages: OutgoingMessage[]): void {
    this.db
      .transaction(() => {
        const count = this.partitions(topic);
        const last = this.db.prepare('SELECT MAX(offset) AS o FROM messages WHERE topic = ? AND partition = ?');
        const insert = this.db.prepare('INSERT INTO messages (topic, partition, offset, key, value, headers) VALUES (?, ?, ?, ?, ?, ?)');
        const next = new Map<number, number>();
        for (const message of messages) {
          const partition = partitionOf(message.key, count);
          const offset = next.get(partition) ?? ((last.get(topic, partition) as { o: number | null }).o ?? -1) + 1;
          insert.run(topic, partition, offset, message.key, JSON.stringify(message.value), JSON.stringify(message.headers ?? {}));
          next.set(partition, offset + 1);
        }
      })
      .immediate();
  }

  /** Up to `limit` messages of one partition from `fromOffset` on. */
  fetch(topic: string, partition: number, fromOffset: number, limit: number): LoggedMessage[] {
    const rows = this.db
      .prepare('SELECT partition, offset, key, value, headers FROM messages WHERE topic = ? AND partition = ? AND offset >= ? ORDER BY offset LIMIT ?')
      .all(topic, partition, fromOffset, limit) as Row[];
    return rows.map((r) => ({ topic, partition: r.partition, offset: r.offset, key: r.key, value: JSON.parse(r.value), headers: JSON.parse(r.headers) }));
  }

  /** The next offset the group will read; 0 (the earliest message) for a new group. */
  committed(groupId: string, topic: string, partition: number): number {
    const row = this.db.prepare('SELECT next_offset FROM offsets WHERE group_id = ? AND topic = ? AND partition = ?').get(groupId, topic, partition) as
      | { next_offset: number }
      | undefined;
    return row?.next_offset ?? 0;
  }

  commit(groupId: string, topic: string, partition: number, nextOffset: number): void {
    this.db
      .prepare(
        `INSERT INTO offsets (group_id, topic, partition, next_offset) VALUES (?, ?, ?, ?)
         ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = excluded.next_offset`,
      )
      .run(groupId, topic, partition, nextOffset);
  }

  ping(): boolean {
    return this.db.prepare('SELECT 1 AS ok').get() !== undefined;
  }

  close(): void {
    if (this.db.open) this.db.close();
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

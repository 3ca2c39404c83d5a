import Database from 'better-sqlite3';
import { openSqlite } from '@lib/common';
import { Doc, ReadCollection, ReadStore } from '../read-store.port';
import { tableName } from './sql-identifiers';
import { SqliteReadCollection } from './sqlite-read-collection';

export interface SqliteReadStoreOptions {
  /** Documents fetched per page by `stream()`. Default 500. */
  pageSize?: number;
}

/**
 * The embedded read store: one SQLite file, a table per collection.
 * synchronous=NORMAL: read models are rebuildable from the event store, and WAL keeps commits in order,
 * so a power cut can only drop the newest writes together with the checkpoints saved after them;
 * the projections then replay those events.
 */
export class SqliteReadStore extends ReadStore {
  private readonly db: Database.Database;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are typed by the reader (the port stores any JSON); see CONTRIBUTING.md
  private readonly collections = new Map<string, SqliteReadCollection<any>>();

  constructor(
    filePath: string,
    private readonly options: SqliteReadStoreOptions = {},
  ) {
    super();
    // Deleted documents (erasure, retention) are overwritten on disk, not left in free pages.
    this.db = openSqlite(filePath, { synchronous: 'NORMAL', secureDelete: true });
  }

  /** Creates the table on first use; throws InvalidIdentifierError for a name outside [A-Za-z0-9_.-]. */
  override collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteReadCollection<T>(this.db, tableName(name), this.options.pageSize ?? 500);
      this.collections.set(name, collection);
    }
    return collection as SqliteReadCollection<T>;
  }

  override async listCollections(): Promise<string[]> {
    const rows = this.db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`,
      )
      .all() as { name: string }[];
    return rows.map((r) => r.name);
  }

  override async compact(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  override async ping(): Promise<boolean> {
    try {
      return this.db.prepare('SELECT 1 AS ok').get() !== undefined;
    } catch {
      return false;
    }
  }

  override async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

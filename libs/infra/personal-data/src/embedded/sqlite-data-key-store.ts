import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { GroupOutcome, openSqlite, SameTurnGroups } from '@lib/common';
import { DataKey, DataKeyStore } from '../data-key-store.port';
import { MasterKeys } from '../master-keys';
import { keyBinding, newKeyId } from '../data-key-ids';

type Row = { scope: string; key_id: string; master_key_id: string; wrapped: string };

/**
 * Data keys in a SQLite file (DATA_DIR/data-keys.sqlite), shared by every process of the machine. Destroyed
 * keys are overwritten on disk (secure_delete) and the write-ahead log is truncated after each erasure, so no
 * old page keeps a wrapped key that was meant to be gone.
 */
export class SqliteDataKeyStore extends DataKeyStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly creations = new SameTurnGroups<string[], Map<string, DataKey>>((group) => this.createGroup(group));

  constructor(
    filePath: string,
    private readonly masters: MasterKeys,
  ) {
    super();
    // FULL: a key must be on disk before the event sealed under it is appended to another file, or a power
    // cut could keep the event and lose its key. Concurrent creations share one commit (creations below).
    this.db = openSqlite(filePath, { synchronous: 'FULL', secureDelete: true });
    this.db.exec(`CREATE TABLE IF NOT EXISTS data_keys (
      scope TEXT PRIMARY KEY, key_id TEXT NOT NULL, master_key_id TEXT NOT NULL, wrapped TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX IF NOT EXISTS data_keys_by_key_id ON data_keys (key_id)`);
    this.insert = this.db.prepare(
      'INSERT OR IGNORE INTO data_keys (scope, key_id, master_key_id, wrapped) VALUES (?, ?, ?, ?)',
    );
  }

  /**
   * Inserts first: a new scope (most of them: one per address) costs no look-up, only existing ones do.
   * Calls made in the same turn of the event loop create their keys in one transaction and one fsync.
   */
  async keysFor(scopes: string[]): Promise<Map<string, DataKey>> {
    const created = await this.creations.add([...new Set(scopes)]);
    const before = scopes.filter((scope) => !created.has(scope));
    const keys = before.length > 0 ? await this.existing(before) : new Map<string, DataKey>();
    for (const [scope, key] of created) keys.set(scope, key);
    return keys;
  }

  /** One transaction for a group of keysFor calls; a scope two of them ask for is created by the first. */
  private createGroup(group: string[][]): GroupOutcome<Map<string, DataKey>>[] {
    return this.db
      .transaction((calls: string[][]) =>
        calls.map((unique) => {
          const created = new Map<string, DataKey>();
          for (const scope of unique) {
            const keyId = newKeyId();
            const key = randomBytes(32);
            const { masterKeyId, wrapped } = this.masters.wrap(key, keyBinding(scope, keyId));
            if (this.insert.run(scope, keyId, masterKeyId, wrapped).changes === 1)
              created.set(scope, { scope, keyId, key });
          }
          return { ok: true as const, result: created };
        }),
      )
      .immediate(group);
  }

  async existing(scopes: string[]): Promise<Map<string, DataKey>> {
    const keys = new Map<string, DataKey>();
    for (const row of this.rowsWhere('scope', scopes)) keys.set(row.scope, this.unwrapped(row));
    return keys;
  }

  async byKeyIds(keyIds: string[]): Promise<Map<string, DataKey>> {
    const keys = new Map<string, DataKey>();
    for (const row of this.rowsWhere('key_id', keyIds)) keys.set(row.key_id, this.unwrapped(row));
    return keys;
  }

  private rowsWhere(column: 'scope' | 'key_id', values: string[]): Row[] {
    const unique = [...new Set(values)];
    const rows: Row[] = [];
    // SQLite binds at most 32,766 parameters per statement.
    for (let i = 0; i < unique.length; i += 500) {
      const slice = unique.slice(i, i + 500);
      const sql = `SELECT * FROM data_keys WHERE ${column} IN (${slice.map(() => '?').join(',')})`;
      rows.push(...(this.db.prepare(sql).all(...slice) as Row[]));
    }
    return rows;
  }

  async destroy(scopes: string[]): Promise<number> {
    const remove = this.db.prepare('DELETE FROM data_keys WHERE scope = ?');
    const count = this.db.transaction((all: string[]) => all.reduce((n, scope) => n + remove.run(scope).changes, 0))([
      ...new Set(scopes),
    ]);
    this.forgetOldPages();
    return count;
  }

  async destroyPrefix(prefix: string): Promise<number> {
    // Scopes are ASCII: a range scan finds every scope that starts with the prefix without LIKE's escaping.
    const { changes } = this.db
      .prepare('DELETE FROM data_keys WHERE scope >= ? AND scope < ?')
      .run(prefix, `${prefix}\u{10FFFF}`);
    this.forgetOldPages();
    return changes;
  }

  async scopesUnder(prefix: string, options: { after?: string; limit?: number } = {}): Promise<string[]> {
    const rows = this.db
      .prepare('SELECT scope FROM data_keys WHERE scope >= ? AND scope > ? AND scope < ? ORDER BY scope LIMIT ?')
      .all(prefix, options.after ?? '', `${prefix}\u{10FFFF}`, options.limit ?? 1000) as { scope: string }[];
    return rows.map((row) => row.scope);
  }

  async rewrap(): Promise<number> {
    const rows = this.db
      .prepare('SELECT * FROM data_keys WHERE master_key_id <> ?')
      .all(this.masters.current.id) as Row[];
    const update = this.db.prepare(
      'UPDATE data_keys SET master_key_id = ?, wrapped = ? WHERE scope = ? AND key_id = ?',
    );
    this.db.transaction(() => {
      for (const row of rows) {
        const { masterKeyId, wrapped } = this.masters.wrap(this.unwrapped(row).key, keyBinding(row.scope, row.key_id));
        update.run(masterKeyId, wrapped, row.scope, row.key_id);
      }
    })();
    this.forgetOldPages();
    return rows.length;
  }

  async close(): Promise<void> {
    this.creations.flush();
    this.db.close();
  }

  private unwrapped(row: Row): DataKey {
    const key = this.masters.unwrap(row.master_key_id, row.wrapped, keyBinding(row.scope, row.key_id));
    return { scope: row.scope, keyId: row.key_id, key };
  }

  /** Copies the log back and empties it, so the pages that held destroyed keys are gone from it too. */
  private forgetOldPages(): void {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }
}

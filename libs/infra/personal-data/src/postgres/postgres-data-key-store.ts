import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { DataKey, DataKeyStore } from '../data-key-store.port';
import { MasterKeys } from '../master-keys';
import { keyBinding, newKeyId } from '../data-key-ids';
import { createDataKeysTable, quoteIdentifier } from './data-keys-table';
import { TableVacuum } from './table-vacuum';

type Row = { scope: string; key_id: string; master_key_id: string; wrapped: string };

export interface PostgresDataKeyStoreOptions {
  url: string;
  /** The schema that holds the `data_keys` table; created when missing. */
  schema: string;
}

/**
 * Data keys in a PostgreSQL table, shared by every process of a cluster: for a cluster whose read store is
 * FerretDB, where every look-up of a key document by `_id` is a scan of the whole collection (FerretDB 1.24
 * filters with `@>`, which its `_id` index cannot serve). Here the scope is the primary key and the key id
 * has a unique index, so every look-up is an index probe. Destroyed keys are vacuumed away at once (see
 * TableVacuum for what that does and does not remove).
 */
export class PostgresDataKeyStore extends DataKeyStore {
  private readonly pool: Pool;
  private readonly table: string;
  private readonly vacuum: TableVacuum;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly options: PostgresDataKeyStoreOptions,
    private readonly masters: MasterKeys,
  ) {
    super();
    this.pool = new Pool({ connectionString: options.url, max: 4 });
    this.table = `${quoteIdentifier(options.schema)}.data_keys`;
    this.vacuum = new TableVacuum(this.pool, this.table);
  }

  /** Inserts first: a new scope (most of them: one per address) costs no look-up, only existing ones do. */
  async keysFor(scopes: string[]): Promise<Map<string, DataKey>> {
    const unique = [...new Set(scopes)];
    const rows: Row[] = unique.map((scope) => {
      const keyId = newKeyId();
      const { masterKeyId, wrapped } = this.masters.wrap(randomBytes(32), keyBinding(scope, keyId));
      return { scope, key_id: keyId, master_key_id: masterKeyId, wrapped };
    });
    const inserted = await this.query<{ scope: string }>(
      `INSERT INTO ${this.table} (scope, key_id, master_key_id, wrapped)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (scope) DO NOTHING RETURNING scope`,
      [
        rows.map((r) => r.scope),
        rows.map((r) => r.key_id),
        rows.map((r) => r.master_key_id),
        rows.map((r) => r.wrapped),
      ],
    );
    const created = new Set(inserted.map((row) => row.scope));
    const keys = new Map<string, DataKey>();
    for (const row of rows) if (created.has(row.scope)) keys.set(row.scope, this.unwrapped(row));
    const before = unique.filter((scope) => !created.has(scope));
    if (before.length > 0) for (const [scope, key] of await this.existing(before)) keys.set(scope, key);
    return keys;
  }

  async existing(scopes: string[]): Promise<Map<string, DataKey>> {
    const keys = new Map<string, DataKey>();
    for (const row of await this.rowsWhere('scope', scopes)) keys.set(row.scope, this.unwrapped(row));
    return keys;
  }

  async byKeyIds(keyIds: string[]): Promise<Map<string, DataKey>> {
    const keys = new Map<string, DataKey>();
    for (const row of await this.rowsWhere('key_id', keyIds)) keys.set(row.key_id, this.unwrapped(row));
    return keys;
  }

  async destroy(scopes: string[]): Promise<number> {
    const gone = await this.query(`DELETE FROM ${this.table} WHERE scope = ANY($1::text[]) RETURNING scope`, [
      [...new Set(scopes)],
    ]);
    if (gone.length > 0) await this.vacuum.afterDeletes();
    return gone.length;
  }

  async destroyPrefix(prefix: string): Promise<number> {
    // The scope column sorts bytewise (COLLATE "C"): a range scan on the primary key finds every scope under the
    // prefix without LIKE's escaping.
    const gone = await this.query(`DELETE FROM ${this.table} WHERE scope >= $1 AND scope < $2 RETURNING scope`, [
      prefix,
      `${prefix}\u{10FFFF}`,
    ]);
    if (gone.length > 0) await this.vacuum.afterDeletes();
    return gone.length;
  }

  async scopesUnder(prefix: string, options: { after?: string; limit?: number } = {}): Promise<string[]> {
    const rows = await this.query<{ scope: string }>(
      `SELECT scope FROM ${this.table} WHERE scope >= $1 AND scope > $2 AND scope < $3 ORDER BY scope LIMIT $4`,
      [prefix, options.after ?? '', `${prefix}\u{10FFFF}`, options.limit ?? 1000],
    );
    return rows.map((row) => row.scope);
  }

  async rewrap(): Promise<number> {
    const stale = await this.query<Row>(`SELECT * FROM ${this.table} WHERE master_key_id <> $1`, [
      this.masters.current.id,
    ]);
    for (const row of stale) {
      const { masterKeyId, wrapped } = this.masters.wrap(this.unwrapped(row).key, keyBinding(row.scope, row.key_id));
      await this.query(`UPDATE ${this.table} SET master_key_id = $1, wrapped = $2 WHERE scope = $3 AND key_id = $4`, [
        masterKeyId,
        wrapped,
        row.scope,
        row.key_id,
      ]);
    }
    // The old wrappings are dead row versions now: vacuumed like destroyed keys.
    if (stale.length > 0) await this.vacuum.afterDeletes();
    return stale.length;
  }

  async close(): Promise<void> {
    await this.vacuum.settled();
    await this.pool.end();
  }

  private rowsWhere(column: 'scope' | 'key_id', values: string[]): Promise<Row[]> {
    return this.query<Row>(`SELECT * FROM ${this.table} WHERE ${column} = ANY($1::text[])`, [[...new Set(values)]]);
  }

  private async query<T = unknown>(sql: string, params: unknown[]): Promise<T[]> {
    await (this.ready ??= createDataKeysTable(this.pool, this.options.schema).catch((error: unknown) => {
      this.ready = null;
      throw error;
    }));
    return (await this.pool.query(sql, params)).rows as T[];
  }

  private unwrapped(row: Row): DataKey {
    const key = this.masters.unwrap(row.master_key_id, row.wrapped, keyBinding(row.scope, row.key_id));
    return { scope: row.scope, keyId: row.key_id, key };
  }
}

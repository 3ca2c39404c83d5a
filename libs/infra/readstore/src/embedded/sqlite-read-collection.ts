import type Database from 'better-sqlite3';
import { MemoByKey } from '@lib/common';
import { BulkOp, Doc, Filter, FindOptions, ReadCollection } from '../read-store.port';
import { afterRow } from './keyset';
import { fieldExpression } from './sql-identifiers';
import { orderBy, sortKeys, whereClause } from './sql-query';

/** One collection as a table `(id TEXT PRIMARY KEY, doc JSON)`; filters and sorts go through json_extract. */
export class SqliteReadCollection<T extends Doc = Doc> extends ReadCollection<T> {
  private readonly statements = new MemoByKey((sql) => this.db.prepare(sql), 64);

  constructor(
    private readonly db: Database.Database,
    private readonly table: string,
    private readonly pageSize: number,
  ) {
    super();
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc JSON NOT NULL)`);
  }

  override async get(id: string): Promise<T | null> {
    return this.read(id);
  }

  override async upsert(doc: T): Promise<void> {
    this.write(doc);
  }

  /** One transaction; `ON CONFLICT DO NOTHING` keeps a stored document as it is. */
  override async insertNew(docs: T[]): Promise<void> {
    const insert = this.statements.get(`INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`);
    this.db
      .transaction(() => {
        for (const doc of docs) insert.run(doc._id, JSON.stringify(doc));
      })
      .immediate();
  }

  /**
   * Reads the document, then writes it, in one IMMEDIATE transaction: a deferred one would read a snapshot
   * and fail at once (SQLITE_BUSY, no waiting) when another process, the CLI say, committed before its
   * write. Taking the write lock first makes that process's commit wait for this one, or this one for it.
   */
  override async set(id: string, fields: Partial<T>, options: { upsert?: boolean } = {}): Promise<boolean> {
    return this.db.transaction(() => this.setNow(id, fields, options.upsert ?? false)).immediate();
  }

  override async delete(id: string): Promise<boolean> {
    return this.statements.get(`DELETE FROM ${this.table} WHERE id = ?`).run(id).changes > 0;
  }

  override async deleteMany(filter: Filter): Promise<number> {
    const where = whereClause(filter);
    return this.statements.get(`DELETE FROM ${this.table} WHERE ${where.sql}`).run(...where.params).changes;
  }

  override async find(options: FindOptions = {}): Promise<T[]> {
    const where = whereClause(options.filter);
    const rows = this.statements
      .get(
        `SELECT doc FROM ${this.table} WHERE ${where.sql} ORDER BY ${orderBy(sortKeys(options.sort))} LIMIT ? OFFSET ?`,
      )
      .all(...where.params, options.limit ?? -1, options.skip ?? 0) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  override async count(filter?: Filter): Promise<number> {
    const where = whereClause(filter);
    return (
      this.statements.get(`SELECT COUNT(*) AS n FROM ${this.table} WHERE ${where.sql}`).get(...where.params) as {
        n: number;
      }
    ).n;
  }

  /** Applies every op in one IMMEDIATE transaction (its sets read first, see set): all or nothing, one fsync. */
  override async bulkWrite(ops: BulkOp<T>[]): Promise<void> {
    this.db
      .transaction(() => {
        for (const op of ops) {
          if (op.kind === 'upsert') this.write(op.doc);
          else if (op.kind === 'set') this.setNow(op.id, op.fields, op.upsert ?? false);
          else this.statements.get(`DELETE FROM ${this.table} WHERE id = ?`).run(op.id);
        }
      })
      .immediate();
  }

  /**
   * Pages by keyset (the sort keys of the last row seen) so memory stays at one page and each page is an
   * index seek. A cursor held open across awaits would block other statements on this connection.
   */
  override async *stream(options: FindOptions = {}): AsyncIterable<T> {
    const keys = sortKeys(options.sort);
    const where = whereClause(options.filter);
    const keyColumns = keys.map((k, i) => `${k.expression} AS k${i}`).join(', ');
    let remaining = options.limit ?? Number.POSITIVE_INFINITY;
    let offset = options.skip ?? 0;
    let last: unknown[] | null = null;
    while (remaining > 0) {
      const after = last ? afterRow(keys, last) : { sql: '1', params: [] };
      const size = Math.min(this.pageSize, remaining);
      const rows = this.statements
        .get(
          `SELECT doc, ${keyColumns} FROM ${this.table} WHERE ${where.sql} AND ${after.sql}
           ORDER BY ${orderBy(keys)} LIMIT ? OFFSET ?`,
        )
        .all(...where.params, ...after.params, size, offset) as Record<string, unknown>[];
      offset = 0;
      for (const row of rows) yield JSON.parse(row.doc as string) as T;
      remaining -= rows.length;
      if (rows.length < size) return;
      const lastRow = rows[rows.length - 1];
      last = keys.map((_, i) => lastRow[`k${i}`]);
    }
  }

  /** An expression index on json_extract of each field, named after its fields so repeating it is a no-op. */
  override async ensureIndex(fields: Record<string, 1 | -1>, options: { unique?: boolean } = {}): Promise<void> {
    const entries = Object.entries(fields);
    const columns = entries.map(([f, dir]) => `${fieldExpression(f)} ${dir === 1 ? 'ASC' : 'DESC'}`).join(', ');
    const suffix = entries.map(([f, dir]) => `${f.replace(/[.$]/g, '_')}_${dir === 1 ? 'a' : 'd'}`).join('_');
    const name = `"${this.table.slice(1, -1)}__${options.unique ? 'ux' : 'ix'}_${suffix}"`;
    this.db.exec(`CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON ${this.table} (${columns})`);
  }

  override async clear(): Promise<void> {
    this.statements.get(`DELETE FROM ${this.table}`).run();
  }

  private read(id: string): T | null {
    const row = this.statements.get(`SELECT doc FROM ${this.table} WHERE id = ?`).get(id) as
      { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  private write(doc: T): void {
    this.statements
      .get(`INSERT INTO ${this.table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`)
      .run(doc._id, JSON.stringify(doc));
  }

  private setNow(id: string, fields: Partial<T>, upsert: boolean): boolean {
    const existing = this.read(id);
    if (!existing && !upsert) return false;
    this.write({ ...(existing ?? {}), ...fields, _id: id } as T);
    return true;
  }
}

import Database from 'better-sqlite3';
import { openSqlite } from '@lib/common';
import { assertNote, Slot, SlotRef, SlotStore } from '../slot-store.port';

type Row = { grp: string; n: number; holder: string; expires_at: number; value: number };

const toSlot = (row: Row): Slot => ({
  group: row.grp,
  n: row.n,
  holder: row.holder,
  expiresAtMs: row.expires_at,
  value: row.value,
});

/**
 * Slots in a SQLite file, for the embedded topology where they must outlive a restart or be shared by the
 * processes of one machine (the sign-in throttle's DATA_DIR/sign-in-attempts.sqlite): every process that
 * opens the file sees the same slots, and the primary key is the arbiter, as the unique _id is on MongoDB.
 */
export class SqliteSlots extends SlotStore {
  readonly remote = false;
  private readonly db: Database.Database;
  private readonly statements: ReturnType<typeof prepare>;

  constructor(filePath: string) {
    super();
    this.db = openSqlite(filePath, { synchronous: 'NORMAL' });
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS slots (
        grp TEXT NOT NULL, n INTEGER NOT NULL, holder TEXT NOT NULL, expires_at REAL NOT NULL, value REAL NOT NULL,
        PRIMARY KEY (grp, n)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS slots_by_holder ON slots (holder);
      CREATE INDEX IF NOT EXISTS slots_by_expiry ON slots (expires_at);
    `);
    this.statements = prepare(this.db);
  }

  async insert(slot: Slot): Promise<boolean> {
    return this.statements.insert.run(...row(slot)).changes === 1;
  }

  async note(note: Slot): Promise<void> {
    assertNote(note);
    this.statements.replace.run(...row(note));
  }

  async list(group: string, nowMs: number): Promise<Slot[]> {
    this.statements.dropExpired.run(group, nowMs);
    return (this.statements.list.all(group) as Row[]).map(toSlot);
  }

  async last(group: string): Promise<Slot | null> {
    const found = this.statements.last.get(group) as Row | undefined;
    return found ? toSlot(found) : null;
  }

  async all(nowMs: number): Promise<Slot[]> {
    return (this.statements.all.all(nowMs) as Row[]).map(toSlot);
  }

  async release({ group, n, holder }: SlotRef): Promise<void> {
    this.statements.release.run(group, n, holder);
  }

  async releaseAll(holder: string): Promise<void> {
    this.statements.releaseAll.run(holder);
  }

  async renew(holder: string, expiresAtMs: number): Promise<void> {
    this.statements.renew.run(expiresAtMs, holder);
  }

  async purgeExpired(nowMs: number): Promise<number> {
    return this.statements.purge.run(nowMs).changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

const row = (slot: Slot) => [slot.group, slot.n, slot.holder, slot.expiresAtMs, slot.value] as const;

function prepare(db: Database.Database) {
  const columns = 'grp, n, holder, expires_at, value';
  const values = '(?, ?, ?, ?, ?)';
  return {
    insert: db.prepare(`INSERT OR IGNORE INTO slots (${columns}) VALUES ${values}`),
    replace: db.prepare(`INSERT OR REPLACE INTO slots (${columns}) VALUES ${values}`),
    dropExpired: db.prepare('DELETE FROM slots WHERE grp = ? AND expires_at <= ?'),
    list: db.prepare(`SELECT ${columns} FROM slots WHERE grp = ? ORDER BY n`),
    last: db.prepare(`SELECT ${columns} FROM slots WHERE grp = ? ORDER BY n DESC LIMIT 1`),
    all: db.prepare(`SELECT ${columns} FROM slots WHERE expires_at > ? ORDER BY grp, n`),
    release: db.prepare('DELETE FROM slots WHERE grp = ? AND n = ? AND holder = ? AND n >= 0'),
    releaseAll: db.prepare('DELETE FROM slots WHERE holder = ? AND n >= 0'),
    renew: db.prepare('UPDATE slots SET expires_at = ? WHERE holder = ? AND n >= 0'),
    purge: db.prepare('DELETE FROM slots WHERE expires_at <= ?'),
  };
}

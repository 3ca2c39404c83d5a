import Database from 'better-sqlite3';
import { openSqlite } from '@lib/common';
import { AttemptWindow, firstFreeSlot, SignInAttempts, slotId } from '../sign-in-attempts.port';

/**
 * Sign-in attempts in a SQLite file (DATA_DIR/sign-in-attempts.sqlite), shared by every process of the
 * machine that opens it: a slot is looked up and taken in one IMMEDIATE transaction, which SQLite runs
 * one at a time across processes.
 */
export class SqliteSignInAttempts extends SignInAttempts {
  private readonly db: Database.Database;
  private readonly takeSlot: (key: string, window: AttemptWindow, limit: number) => string | null;

  constructor(filePath: string) {
    super();
    this.db = openSqlite(filePath, { synchronous: 'NORMAL' });
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS sign_in_attempts (
        id TEXT PRIMARY KEY, key TEXT NOT NULL, window INTEGER NOT NULL, n INTEGER NOT NULL, expires_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS sign_in_attempts_by_key ON sign_in_attempts (key, window);
      CREATE INDEX IF NOT EXISTS sign_in_attempts_by_expiry ON sign_in_attempts (expires_at);
    `);
    const taken = this.db.prepare('SELECT n FROM sign_in_attempts WHERE key = ? AND window = ?').pluck();
    const insert = this.db.prepare(
      'INSERT INTO sign_in_attempts (id, key, window, n, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    const transaction = this.db.transaction((key: string, window: AttemptWindow, limit: number): string | null => {
      const n = firstFreeSlot(taken.all(key, window.index) as number[], limit);
      if (n === null) return null;
      const id = slotId(key, window.index, n);
      insert.run(id, key, window.index, n, window.expiresAtMs);
      return id;
    });
    this.takeSlot = (key, window, limit) => transaction.immediate(key, window, limit);
  }

  async take(key: string, window: AttemptWindow, limit: number): Promise<string | null> {
    return this.takeSlot(key, window, limit);
  }

  async release(id: string): Promise<void> {
    this.db.prepare('DELETE FROM sign_in_attempts WHERE id = ?').run(id);
  }

  async clear(key: string): Promise<void> {
    this.db.prepare('DELETE FROM sign_in_attempts WHERE key = ?').run(key);
  }

  async purgeExpired(nowMs: number): Promise<number> {
    return this.db.prepare('DELETE FROM sign_in_attempts WHERE expires_at <= ?').run(nowMs).changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

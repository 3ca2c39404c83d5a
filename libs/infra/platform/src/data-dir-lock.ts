import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { AppConfig } from '@lib/config';

/** Raised when another live process holds DATA_DIR; the message says which and what to do. */
export class DataDirInUseError extends Error {
  constructor(dir: string, holder: string | null) {
    super(
      `DATA_DIR ${dir} is in use by another running process${holder ? ` (${holder})` : ''}. The embedded message bus and ` +
        'read models serve one process only: stop that process first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

const LOCK_FILE = 'instance.lock';
const HOLDER_FILE = 'instance.holder';

/**
 * An exclusive, OS-level lock on DATA_DIR: SQLite's exclusive locking mode holds a POSIX lock on
 * `instance.lock` for as long as this process keeps the connection open. The kernel drops it when the
 * process dies, however it dies (kill -9 included), so a crash never leaves a stale lock behind, and
 * a process id that was reused cannot fool it the way a pid file can.
 */
export class DataDirLock {
  private constructor(private readonly db: Database.Database) {}

  /** Whether this configuration keeps single-process state in DATA_DIR (the embedded bus or read models). */
  static neededFor(config: AppConfig): boolean {
    return !config.kafkaBrokers || !config.mongoUrl;
  }

  /** Takes the lock at once or throws DataDirInUseError; `holder` describes this process to a second one. */
  static acquire(dir: string, holder: string): DataDirLock {
    fs.mkdirSync(dir, { recursive: true });
    const db = new Database(path.join(dir, LOCK_FILE), { timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE; COMMIT'); // in exclusive mode the lock stays after the commit
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirInUseError(dir, readHolder(dir));
      throw error;
    }
    fs.writeFileSync(path.join(dir, HOLDER_FILE), holder);
    return new DataDirLock(db);
  }

  release(): void {
    if (this.db.open) this.db.close();
  }
}

function readHolder(dir: string): string | null {
  try {
    return fs.readFileSync(path.join(dir, HOLDER_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

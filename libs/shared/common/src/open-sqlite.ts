import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';

export interface OpenSqliteOptions {
  /** FULL where a commit must survive a power cut before it is acknowledged; NORMAL for rebuildable state. */
  synchronous: 'FULL' | 'NORMAL';
  /** Deleted rows are overwritten on disk, not left in free pages (erasure, retention). */
  secureDelete?: boolean;
  /** Lets deletes hand freed pages back; only takes effect on a new file, before the first table. */
  incrementalVacuum?: boolean;
  /** Told each time another process's WAL switch made this one wait and retry (its spec counts them). */
  onBusyRetry?: () => void;
}

/** How long opening waits for other processes that open the same file at the same moment. */
const OPEN_DEADLINE_MS = 10_000;
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens a SQLite file in WAL mode, shared safely with other processes (the roles of one machine).
 *
 * Two processes that turn a new file to WAL at the same moment can deadlock on the lock upgrade; SQLite
 * answers one of them SQLITE_BUSY at once, without calling the busy handler. That happened to a projector
 * started beside a worker and an api on a fresh DATA_DIR, so the switch is retried until a deadline.
 */
export function openSqlite(filePath: string, options: OpenSqliteOptions): Database.Database {
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const db = new Database(filePath, { timeout: BUSY_TIMEOUT_MS });
  try {
    const retry = options.onBusyRetry ?? (() => undefined);
    if (options.incrementalVacuum) retryWhileBusy(() => db.pragma('auto_vacuum = INCREMENTAL'), retry);
    retryWhileBusy(() => db.pragma('journal_mode = WAL'), retry);
    db.pragma(`synchronous = ${options.synchronous}`);
    if (options.secureDelete) db.pragma('secure_delete = ON');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function retryWhileBusy(step: () => unknown, onRetry: () => void): void {
  const deadline = Date.now() + OPEN_DEADLINE_MS;
  for (;;) {
    try {
      step();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      onRetry();
      // Constructors that open stores are synchronous; the other process finishes its switch in milliseconds.
      sleepSync(5 + Math.random() * 20);
    }
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

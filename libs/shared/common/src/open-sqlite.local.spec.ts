import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { openSqlite } from './open-sqlite';

const ROOT = path.resolve(__dirname, '../../../..');
const HOLD_MS = 500;

/**
 * Another process in the middle of a write (a RESERVED lock, as one that is switching the same new file to
 * WAL holds): it says `held`, keeps the lock for HOLD_MS, commits and exits.
 */
function writerInChild(file: string): Promise<ChildProcess> {
  const script = `
    const db = new (require('better-sqlite3'))(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    console.log('held');
    setTimeout(() => { db.exec('COMMIT'); db.close(); process.exit(0); }, ${HOLD_MS});`;
  const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      if (String(chunk).includes('held')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before taking the lock`)));
  });
}

describe('openSqlite', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-sqlite-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Two processes switching one new file to WAL at the same moment: the one that loses is answered
  // SQLITE_BUSY at once, its busy timeout notwithstanding (a projector died of it in CI).
  it('waits out another process that is writing the new file, where a plain WAL switch fails at once', async () => {
    const file = path.join(dir, 'events.sqlite');
    const child = await writerInChild(file);
    const exited = new Promise((resolve) => child.once('exit', resolve));

    const plain = new Database(file, { timeout: 5_000 });
    const startedPlain = Date.now();
    expect(() => plain.pragma('journal_mode = WAL')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    expect(Date.now() - startedPlain).toBeLessThan(HOLD_MS);
    plain.close();

    let retries = 0;
    const db = openSqlite(file, { synchronous: 'FULL', onBusyRetry: () => retries++ });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(retries).toBeGreaterThan(0);
    db.close();
    await exited;
  }, 30_000);

  it('sets the journal, durability and secure-delete modes asked for', () => {
    const db = openSqlite(path.join(dir, 'nested', 'a.sqlite'), { synchronous: 'NORMAL', secureDelete: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('secure_delete', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });
});

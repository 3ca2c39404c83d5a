import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataDirInUseError, DataDirLock } from './data-dir-lock';

const ROOT = path.resolve(__dirname, '../../../..');

/** Another OS process that takes the lock and reports it on stdout, then waits to be killed. */
function holdInChild(dir: string): Promise<ChildProcess> {
  const script = `require('./libs/infra/platform/src/data-dir-lock').DataDirLock.acquire(${JSON.stringify(dir)}, 'pid ' + process.pid + ', the child'); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-r', './scripts/register-ts.js', '-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before locking`)));
  });
}

describe('the DATA_DIR lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder in the same process until the first releases it', () => {
    const first = DataDirLock.acquire(dir, 'pid 1, the first');
    expect(() => DataDirLock.acquire(dir, 'the second')).toThrow(DataDirInUseError);
    first.release();
    DataDirLock.acquire(dir, 'the second').release();
  });

  it('refuses while another process holds it, naming that process', async () => {
    const child = await holdInChild(dir);
    try {
      expect(() => DataDirLock.acquire(dir, 'me')).toThrow(
        `DATA_DIR ${dir} is in use by another running process (pid ${child.pid}, the child)`,
      );
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);

  it('is free again once the holder is killed with SIGKILL: no stale lock', async () => {
    const child = await holdInChild(dir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    DataDirLock.acquire(dir, 'after the crash').release();
  }, 30_000);
});

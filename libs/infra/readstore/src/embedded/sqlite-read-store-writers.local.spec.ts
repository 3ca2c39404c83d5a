import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { SqliteReadStore } from './sqlite-read-store';

const dir = mkdtempSync(join(tmpdir(), 'readstore-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Another process's connection, on a thread of its own so that it really runs at the same time: it commits
 * to the file in a loop until stopped, as the CLI writing beside a running service would. Answers how many
 * commits it made.
 */
async function startOtherWriter(file: string): Promise<{ stop(): Promise<number> }> {
  const stopFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require('better-sqlite3');
     const db = new Database(workerData.file, { timeout: 5000 });
     db.exec('CREATE TABLE IF NOT EXISTS other_writes (n INTEGER)');
     const insert = db.prepare('INSERT INTO other_writes (n) VALUES (?)');
     let commits = 0;
     parentPort.postMessage('writing');
     while (Atomics.load(workerData.stopFlag, 0) === 0) insert.run(commits++);
     db.close();
     parentPort.postMessage(commits);`,
    { eval: true, workerData: { file, stopFlag } },
  );
  await once(worker, 'message');
  return {
    stop: async () => {
      const commits = once(worker, 'message');
      Atomics.store(stopFlag, 0, 1);
      const [count] = await commits;
      await worker.terminate();
      return count as number;
    },
  };
}

describe('embedded SQLite read store beside another writer', () => {
  it('loses no set while another connection commits between its read and its write', async () => {
    const file = join(dir, 'shared.sqlite');
    const store = new SqliteReadStore(file);
    const counters = store.collection<{ _id: string; n: number }>('counters');
    await counters.upsert({ _id: 'c', n: 0 });
    const other = await startOtherWriter(file);
    let sets = 0;
    const failures: string[] = [];
    try {
      // Each set reads the document and writes it back; about a second of them, against the other's commits.
      for (const until = Date.now() + 1_000; Date.now() < until;) {
        const current = (await counters.get('c'))!.n;
        await counters.set('c', { n: current + 1 }).catch((error: Error) => failures.push(error.message));
        sets += 1;
      }
    } finally {
      const otherCommits = await other.stop();
      expect(otherCommits).toBeGreaterThan(100);
      store.close();
    }
    expect(failures).toEqual([]);
    const reopened = new SqliteReadStore(file);
    expect((await reopened.collection<{ _id: string; n: number }>('counters').get('c'))!.n).toBe(sets);
    reopened.close();
  });
});

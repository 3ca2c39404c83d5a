import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messageBusContract } from '../testing/message-bus.contract';
import { SqliteMessageBus } from './sqlite-message-bus';
import { partitionOf } from './topic-log';

const dir = mkdtempSync(join(tmpdir(), 'messaging-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every factory call opens another connection on the same file, like a second process would.
messageBusContract('embedded SQLite', async () => {
  const bus = new SqliteMessageBus(join(dir, 'bus.sqlite'), { partitions: 4, pollIntervalMs: 50 });
  return { bus, cleanup: () => bus.close() };
});

describe('embedded bus partitioning', () => {
  it('sends one key to one partition and spreads many keys over all partitions', () => {
    expect(partitionOf('account-1', 4)).toBe(partitionOf('account-1', 4));
    const used = new Set(Array.from({ length: 200 }, (_, i) => partitionOf(`key-${i}`, 4)));
    expect([...used].sort()).toEqual([0, 1, 2, 3]);
  });
});

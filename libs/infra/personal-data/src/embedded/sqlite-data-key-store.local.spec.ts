import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { dataKeyStoreContract } from '../testing/data-key-store.contract';
import { MasterKeys, masterKeyOf } from '../master-keys';
import { SqliteDataKeyStore } from './sqlite-data-key-store';

const dir = mkdtempSync(join(tmpdir(), 'data-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

dataKeyStoreContract(
  'SqliteDataKeyStore',
  async (masters) => new SqliteDataKeyStore(join(dir, 'keys.sqlite'), masters),
);

describe('SqliteDataKeyStore on disk', () => {
  it('commits keys with a full sync, so no sealed event outlives its key in a power cut', async () => {
    const store = new SqliteDataKeyStore(join(dir, 'sync.sqlite'), new MasterKeys(masterKeyOf(randomBytes(32))));
    const db = (store as unknown as { db: { pragma(sql: string, o: object): unknown } }).db;
    // 2 = FULL: the WAL is synced at each commit (NORMAL, 1, only at checkpoints).
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    await store.close();
  });

  it('leaves no byte of a destroyed wrapped key in the database file or its log', async () => {
    const file = join(dir, 'scan.sqlite');
    const store = new SqliteDataKeyStore(file, new MasterKeys(masterKeyOf(randomBytes(32))));
    const scopes = Array.from({ length: 50 }, (_, i) => `job:scan-${i}`);
    await store.keysFor(scopes);
    const files = () => readdirSync(dir).filter((name) => name.startsWith('scan.sqlite'));
    const bytes = () => Buffer.concat(files().map((name) => readFileSync(join(dir, name))));
    // The scan can fail: before the erasure it finds the scope names.
    expect(bytes().includes('job:scan-7')).toBe(true);
    await store.destroyPrefix('job:scan-');
    expect(bytes().includes('job:scan-7')).toBe(false);
    await store.close();
  });
});

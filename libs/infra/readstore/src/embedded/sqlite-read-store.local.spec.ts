import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStoreContract } from '../testing/read-store.contract';
import { InvalidIdentifierError } from './sql-identifiers';
import { SqliteReadStore } from './sqlite-read-store';

const dir = mkdtempSync(join(tmpdir(), 'readstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'read.sqlite');

// A small page size so the streaming tests cross many page boundaries.
readStoreContract('embedded SQLite', async () => {
  const store = new SqliteReadStore(file, { pageSize: 97 });
  return { store, cleanup: () => store.close() };
});

describe('embedded SQLite read store', () => {
  let store: SqliteReadStore;
  beforeEach(() => (store = new SqliteReadStore(file)));
  afterEach(() => store.close());

  it('refuses collection names that could escape the table name', () => {
    for (const name of ['x"; DROP TABLE y; --', 'a b', '', 'sqlite_master']) {
      expect(() => store.collection(name)).toThrow(InvalidIdentifierError);
    }
  });

  it('refuses field names that could escape the json path', async () => {
    const collection = store.collection('fields_check');
    await expect(collection.find({ filter: { "a') OR 1=1 --": 1 } })).rejects.toThrow(InvalidIdentifierError);
    await expect(collection.find({ sort: { 'a b': 1 } })).rejects.toThrow(InvalidIdentifierError);
    await expect(collection.ensureIndex({ 'x[0]': 1 })).rejects.toThrow(InvalidIdentifierError);
  });

  it('refuses filter operators it does not implement instead of ignoring them', async () => {
    await expect(store.collection('ops_check').find({ filter: { n: { $gt: 1 } } })).rejects.toThrow(/unsupported/);
  });

  it('answers an indexed equality query through the expression index', async () => {
    const collection = store.collection('plan_check');
    await collection.ensureIndex({ 'owner.team': 1 });
    const db = (store as unknown as { db: import('better-sqlite3').Database }).db;
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM "plan_check" WHERE json_extract(doc, '$.owner.team') = ?`)
      .all('red') as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX/);
  });
});

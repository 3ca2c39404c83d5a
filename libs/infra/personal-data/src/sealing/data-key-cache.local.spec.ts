import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SqliteDataKeyStore } from '../embedded/sqlite-data-key-store';
import { MasterKeys, masterKeyOf } from '../master-keys';
import { DataKeyCache } from './data-key-cache';

// What the sealing store derives from data keys (sealing keys, opened parts) is remembered no longer, and
// for no other keys, than the keys themselves.
describe('DataKeyCache.derivedFrom', () => {
  const dir = mkdtempSync(join(tmpdir(), 'data-key-cache-'));
  const store = new SqliteDataKeyStore(join(dir, 'keys.sqlite'), new MasterKeys(masterKeyOf(randomBytes(32))));
  let now = 0;
  const cache = new DataKeyCache(store, () => now, 1000);
  const counting = () => {
    let calls = 0;
    return { derive: () => `made ${++calls}`, calls: () => calls };
  };

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('derives once for the same keys, and again once the TTL has passed', async () => {
    const keys = await cache.keysFor(['job:1', 'address:1']);
    const both = [keys.get('job:1')!, keys.get('address:1')!];
    const made = counting();
    expect(cache.derivedFrom('x', both, made.derive)).toBe('made 1');
    expect(cache.derivedFrom('x', both, made.derive)).toBe('made 1');
    now += 1001;
    expect(cache.derivedFrom('x', both, made.derive)).toBe('made 2');
    expect(made.calls()).toBe(2);
  });

  it('hands nothing remembered to other keys under the same id', async () => {
    const job = (await cache.keysFor(['job:2'])).get('job:2')!;
    const made = counting();
    cache.derivedFrom('y', [job], made.derive);
    // Byte for byte the same key (read again from the store) is the same key.
    expect(cache.derivedFrom('y', [{ ...job, key: Buffer.from(job.key) }], made.derive)).toBe('made 1');
    expect(cache.derivedFrom('y', [{ ...job, key: randomBytes(32) }], made.derive)).toBe('made 2');
    expect(cache.derivedFrom('y', [{ ...job, keyId: 'another' }], made.derive)).toBe('made 3');
    expect(cache.derivedFrom('y', [job, job], made.derive)).toBe('made 4');
  });

  it('remembers the last 10,000 to 20,000 things derived, no more', async () => {
    const job = (await cache.keysFor(['job:5'])).get('job:5')!;
    const made = counting();
    cache.derivedFrom('first', [job], made.derive);
    for (let i = 0; i < 10_000; i++) cache.derivedFrom(`row ${i}`, [job], () => i);
    expect(cache.derivedFrom('first', [job], made.derive)).toBe('made 1');
    for (let i = 10_000; i < 30_000; i++) cache.derivedFrom(`row ${i}`, [job], () => i);
    expect(cache.derivedFrom('first', [job], made.derive)).toBe('made 2');
  });

  it('drops what was derived from a scope it forgets, and from a prefix', async () => {
    const keys = await cache.keysFor(['account:3:job:1', 'account:3:address:a', 'account:4:job:1']);
    const [job, address, other] = ['account:3:job:1', 'account:3:address:a', 'account:4:job:1'].map((scope) =>
      keys.get(scope)!,
    );
    const made = counting();
    cache.derivedFrom('row', [job, address], made.derive);
    cache.derivedFrom('other', [other], made.derive);
    cache.forget(['account:3:address:a']);
    expect(cache.derivedFrom('row', [job, address], made.derive)).toBe('made 3');
    expect(cache.derivedFrom('other', [other], made.derive)).toBe('made 2');
    cache.forgetPrefix('account:4:');
    expect(cache.derivedFrom('other', [other], made.derive)).toBe('made 4');
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SqliteEventStore, type RecordedEvent } from '@lib/eventstore';
import { SqliteDataKeyStore } from '../embedded/sqlite-data-key-store';
import { MasterKeys, masterKeyOf } from '../master-keys';
import { DataKeyCache } from './data-key-cache';
import { PersonalDataRegistry } from './personal-data-registry';
import type { PersonalDataPolicy } from './personal-data-policy';
import { SealingEventStore } from './sealing-event-store';
import { accountPepperScope, addressScope, callsDayScope } from './scopes';

// A verification-like event: the address sealed under the day's key and the address's key, the rest clear.
const policy: PersonalDataPolicy = {
  eventTypes: ['Checked'],
  split: ({ email, accountId, at, ...rest }) => ({
    clear: { accountId, at, ...rest },
    parts: [
      {
        scopes: [
          callsDayScope(String(accountId), String(at)),
          { accountId: String(accountId), address: String(email) },
        ],
        value: { email },
      },
    ],
  }),
  join: (clear, [part]) => ({ ...clear, email: part ? (part as { email: string }).email : null }),
};

describe('the sealing event store (crypto-shredding over SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sealing-'));
  const inner = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 20 });
  const keyStore = new SqliteDataKeyStore(join(dir, 'data-keys.sqlite'), new MasterKeys(masterKeyOf(randomBytes(32))));
  const cache = new DataKeyCache(keyStore);
  const registry = new PersonalDataRegistry();
  registry.register(policy);
  const store = new SealingEventStore(inner, cache, registry);
  const eventBytes = () =>
    Buffer.concat(
      readdirSync(dir)
        .filter((name) => name.startsWith('events.sqlite'))
        .map((name) => readFileSync(join(dir, name))),
    );
  const checked = (email: string, accountId = '7') => ({
    type: 'Checked',
    data: { accountId, email, result: 'ok', at: '2026-11-28T10:00:00.000Z' },
  });

  afterAll(async () => {
    await store.close();
    await keyStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes no address into the log, and reads every event back as appended', async () => {
    await store.appendToStream(
      'checks-1',
      [checked('Ada.Lovelace@Example.com'), { type: 'Other', data: { n: 1 } }],
      'no_stream',
    );
    const [first, other] = await store.readStream('checks-1');
    expect(first.data).toEqual({
      accountId: '7',
      result: 'ok',
      at: '2026-11-28T10:00:00.000Z',
      email: 'Ada.Lovelace@Example.com',
    });
    expect(other.data).toEqual({ n: 1 });
    const raw = (await inner.readStream('checks-1'))[0].data;
    expect(raw).not.toHaveProperty('email');
    expect(JSON.stringify(raw).toLowerCase()).not.toContain('lovelace');
    expect(eventBytes().toString('latin1').toLowerCase()).not.toContain('lovelace');
  });

  it('reads an event written in the clear before sealing as it is', async () => {
    await inner.appendToStream('checks-old', [checked('old@example.com')], 'no_stream');
    expect((await store.readStream('checks-old'))[0].data.email).toBe('old@example.com');
  });

  it('erases one address of one account by destroying its key, and leaves the others readable', async () => {
    await store.appendToStream(
      'checks-2',
      [checked('grace@example.com'), checked('GRACE@example.com ', '8')],
      'no_stream',
    );
    await store.appendToStream('checks-3', [checked('linus@example.com')], 'no_stream');
    const pepper = (await keyStore.existing([accountPepperScope('7')])).get(accountPepperScope('7'))!.key;
    const erased = addressScope('7', ' Grace@Example.COM', pepper);
    expect(await keyStore.destroy([erased])).toBe(1);
    cache.forget([erased]);
    const [grace7, grace8] = await store.readStream('checks-2');
    expect(grace7.data).toMatchObject({ accountId: '7', result: 'ok', email: null });
    expect(grace8.data.email).toBe('GRACE@example.com ');
    expect((await store.readStream('checks-3'))[0].data.email).toBe('linus@example.com');
  });

  it("erases a whole day of an account's calls with the day's key", async () => {
    await store.appendToStream('checks-4', [checked('day@example.com', '9')], 'no_stream');
    await keyStore.destroy([callsDayScope('9', '2026-11-28')]);
    cache.forget([callsDayScope('9', '2026-11-28')]);
    expect((await store.readAll()).filter((e) => e.streamId === 'checks-4')[0].data.email).toBeNull();
  });

  it('reads a part it sealed and opened as erased once a key destroyed elsewhere is past its TTL', async () => {
    let now = 0;
    const here = new SealingEventStore(inner, new DataKeyCache(keyStore, () => now, 1000), registry);
    await here.appendToStream('checks-elsewhere', [checked('hopper@example.com', '11')], 'no_stream');
    expect((await here.readStream('checks-elsewhere'))[0].data.email).toBe('hopper@example.com');
    // Another process erases the day (its own cache forgets; this one is not told).
    await keyStore.destroy([callsDayScope('11', '2026-11-28')]);
    now += 999;
    expect((await here.readStream('checks-elsewhere'))[0].data.email).toBe('hopper@example.com');
    now += 2;
    expect((await here.readStream('checks-elsewhere'))[0].data.email).toBeNull();
  });

  it('delivers subscriptions opened', async () => {
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ eventTypes: ['Checked'] }, async (event) => {
      seen.push(event);
    });
    await store.appendToStream('checks-5', [checked('sub@example.com', '10')], 'no_stream');
    for (let i = 0; i < 100 && !seen.some((e) => e.streamId === 'checks-5'); i++)
      await new Promise((r) => setTimeout(r, 20));
    await subscription.stop();
    expect(seen.find((e) => e.streamId === 'checks-5')?.data.email).toBe('sub@example.com');
  });

  it('refuses a sealed part moved to another stream', async () => {
    const [raw] = await inner.readStream('checks-3');
    await inner.appendToStream('checks-moved', [{ type: 'Checked', data: raw.data }], 'no_stream');
    await expect(store.readStream('checks-moved')).rejects.toThrow();
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, present } from '@lib/common/testing';
import { MessageBus, SqliteMessageBus, type BusConsumer, type IncomingMessage } from '@lib/messaging';
import {
  accountPepperScope,
  addressScope,
  DataKeyCache,
  jobScope,
  PersonalMessageRegistry,
  SealingMessageBus,
} from '@lib/personal-data';
import { MasterKeys, masterKeyOf, SqliteDataKeyStore } from '@lib/personal-data/testing';
import { VERIFICATION_CHUNK_TOPIC, verificationRetryTopic, type VerificationChunkMessage } from './chunk-message';
import { VERIFICATION_CHUNK_MESSAGE_PERSONAL_DATA } from './chunk-message-personal-data';

const ACCOUNT = 'acc-1';
const item = (email: string, firstRow: number) => ({ email, canonical: email.toLowerCase(), firstRow, rows: 1 });
const chunk = (jobId: number, emails: string[], level = 0): VerificationChunkMessage => ({
  jobId,
  accountId: ACCOUNT,
  chunkNo: 3,
  level,
  items: emails.map((email, i) => item(email, i + 1)),
});

// Issue 39: a chunk's rows reach the broker sealed under the job's and each address's key, as the log seals
// them, and a consumer reads them opened; an erasure of the job or of one address leaves ciphertext only.
describe('chunk messages on a sealing bus (embedded bus, real key store)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunk-sealing-'));
  const keyStore = new SqliteDataKeyStore(join(dir, 'data-keys.sqlite'), new MasterKeys(masterKeyOf(randomBytes(32))));
  const keys = new DataKeyCache(keyStore, Date.now, 0);
  const registry = new PersonalMessageRegistry();
  registry.register(VERIFICATION_CHUNK_MESSAGE_PERSONAL_DATA);
  const inner = new SqliteMessageBus(join(dir, 'bus.sqlite'), { partitions: 2, pollIntervalMs: 20 });
  const bus = new SealingMessageBus(inner, keys, registry);
  const consumers: BusConsumer[] = [];
  const busBytes = () =>
    Buffer.concat(
      readdirSync(dir)
        .filter((name) => name.startsWith('bus.sqlite'))
        .map((name) => readFileSync(join(dir, name))),
    ).toString('latin1');

  async function delivered(
    topic: string,
    group: string,
    count: number,
    from: MessageBus = bus,
  ): Promise<IncomingMessage[]> {
    const seen: IncomingMessage[] = [];
    consumers.push(await from.subscribe({ groupId: group, topics: [topic] }, async (m) => void seen.push(m)));
    return eventually(async () => present(seen.length >= count && seen, `${count} messages on ${topic}`), {
      timeoutMs: 5_000,
      intervalMs: 20,
    });
  }

  beforeAll(() => bus.ensureTopics([VERIFICATION_CHUNK_TOPIC, verificationRetryTopic(1), 'other.topic']));
  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await bus.close();
    await keyStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores no address, and delivers the chunk as it was published', async () => {
    const sent = chunk(1, ['Ada.Lovelace@Example.test', 'grace@example.test']);
    await bus.publish(VERIFICATION_CHUNK_TOPIC, [{ key: 'example.test', value: { ...sent } }]);
    const [got] = await delivered(VERIFICATION_CHUNK_TOPIC, 'g-first', 1);
    expect(got.value).toEqual(sent);
    expect(busBytes().toLowerCase()).not.toContain('lovelace');
    expect(busBytes()).not.toContain('grace@');
    const [stored] = await delivered(VERIFICATION_CHUNK_TOPIC, 'g-stored', 1, inner);
    expect(stored.value).toMatchObject({
      jobId: 1,
      accountId: ACCOUNT,
      chunkNo: 3,
      _sealed: [expect.any(String), expect.any(String)],
    });
    expect(stored.value.items).toEqual([
      { email: null, canonical: null, firstRow: 1, rows: 1 },
      { email: null, canonical: null, firstRow: 2, rows: 1 },
    ]);
  });

  it('seals an unsynced publish too, which stays unsynced until the inner bus syncs', async () => {
    const sent = chunk(7, ['unsynced.person@example.test']);
    await bus.publishUnsynced(VERIFICATION_CHUNK_TOPIC, [{ key: 'example.test', value: { ...sent } }]);
    await bus.sync();
    expect(busBytes().toLowerCase()).not.toContain('unsynced.person');
    const seen: IncomingMessage[] = [];
    consumers.push(
      await bus.subscribe(
        { groupId: 'g-unsynced', topics: [VERIFICATION_CHUNK_TOPIC] },
        async (m) => void seen.push(m),
      ),
    );
    const ours = await eventually(
      async () =>
        present(
          seen.find((m) => (m.value as VerificationChunkMessage).jobId === 7),
          'the chunk of job 7',
        ),
      { timeoutMs: 5_000, intervalMs: 20 },
    );
    expect(ours.value).toEqual(sent);
  });

  it('seals retry levels too, and leaves topics without a policy as they are', async () => {
    await bus.publish(verificationRetryTopic(1), [{ key: 'k', value: { ...chunk(2, ['retry.me@example.test'], 1) } }]);
    await bus.publish('other.topic', [{ key: 'k', value: { note: 'plain.text@example.test' } }]);
    expect((await delivered(verificationRetryTopic(1), 'g-retry', 1))[0].value.items[0].email).toBe(
      'retry.me@example.test',
    );
    expect(busBytes()).not.toContain('retry.me@');
    expect(busBytes()).toContain('plain.text@example.test');
  });

  it("drops the rows of an erased address and every row of an erased job, the job's ids kept", async () => {
    await bus.publish(VERIFICATION_CHUNK_TOPIC, [
      { key: 'a', value: { ...chunk(10, ['gone@example.test', 'kept@example.test']) } },
      { key: 'b', value: { ...chunk(11, ['kept@example.test']) } },
    ]);
    const pepper = (await keyStore.keysFor([accountPepperScope(ACCOUNT)])).get(accountPepperScope(ACCOUNT))!;
    await keyStore.destroy([addressScope(ACCOUNT, 'GONE@example.test', pepper.key), jobScope(ACCOUNT, 11)]);
    const seen = await delivered(VERIFICATION_CHUNK_TOPIC, 'g-after-erasure', 3);
    const byJob = new Map(seen.map((m) => [m.value.jobId, m.value]));
    expect(byJob.get(10).items.map((i: { email: string }) => i.email)).toEqual(['kept@example.test']);
    expect(byJob.get(11)).toMatchObject({ jobId: 11, accountId: ACCOUNT, chunkNo: 3, items: [] });
  });
  it('seals a whole job of chunks a slice at a time, letting other work run between slices', async () => {
    const chunks = Array.from({ length: 20 }, (_, c) =>
      chunk(
        40,
        Array.from({ length: 200 }, (_, i) => `row${c}-${i}@bulk.test`),
      ),
    );
    // An interactive call's turn, stood for by a ticker: with the publish holding the event loop for the
    // whole sealing (4,000 new keys and parts), it would tick once at most before the publish resolved.
    let ticks = 0;
    let ticking = true;
    const tick = (): void => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await bus.publish(
      VERIFICATION_CHUNK_TOPIC,
      chunks.map((value) => ({ key: 'bulk.test', value: { ...value } })),
    );
    ticking = false;
    expect(ticks).toBeGreaterThanOrEqual(10);
    const seen: IncomingMessage[] = [];
    consumers.push(
      await bus.subscribe({ groupId: 'g-slices', topics: [VERIFICATION_CHUNK_TOPIC] }, async (m) => void seen.push(m)),
    );
    const jobChunks = await eventually(
      async () => {
        const ours = seen.filter((m) => (m.value as VerificationChunkMessage).jobId === 40);
        return present(ours.length === chunks.length && ours, 'the 20 chunks of job 40');
      },
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    expect(jobChunks.map((m) => m.value)).toEqual(chunks);
  });
});

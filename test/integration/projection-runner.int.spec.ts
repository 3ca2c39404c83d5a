// The projection runner on the production read store (MongoDB wire: FerretDB from the script, or MongoDB),
// fed by EventStoreDB when EVENTSTORE_URL is set, else by the embedded SQLite event store.
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { EventStore } from '@lib/eventstore';
import { CHECKPOINTS_COLLECTION, MongoReadStore, ProjectionRunner, type Projection } from '@lib/readstore';
import { eventStoreUnderTest, type EventStoreUnderTest } from './support/event-store-under-test';
import { describeWithServers, uniqueDbName } from './support/servers';
import { balancesProjection as balances, type Balance } from '../../libs/readstore/src/testing/balance-projection';

// Deliberately not idempotent: only the runner's checkpoint keeps it from counting a charge twice.
const chargeCounter: Projection = {
  name: 'charge-counter',
  eventTypes: ['CreditsCharged'],
  collections: ['charge_counts'],
  async handle(event, store) {
    const counts = store.collection('charge_counts');
    const id = event.streamId.slice('credits-'.length);
    await counts.upsert({ _id: id, n: ((await counts.get(id))?.n ?? 0) + 1 });
  },
};

describeWithServers(['MONGO_URL'], 'projection runner on MongoDB', ({ MONGO_URL }) => {
  let source: EventStoreUnderTest;
  let dbName: string;
  let events: EventStore;
  let reads: MongoReadStore;
  let runner: ProjectionRunner;
  // Run-unique account ids: an EventStoreDB keeps every earlier run's streams in $all.
  const account = () => `it${randomUUID().slice(0, 8)}`;

  function open(): void {
    events = source.open();
    reads = new MongoReadStore({ url: MONGO_URL, dbName });
    runner = new ProjectionRunner(events, reads, [balances, chargeCounter]);
  }

  /** What a restarted projector process does: new connections, checkpoints loaded from MongoDB. */
  async function restart(): Promise<void> {
    await runner.stop();
    await Promise.all([events.close(), reads.close()]);
    open();
    await runner.start();
  }

  const add = (id: string, amount: number) =>
    events.appendToStream(`credits-${id}`, [{ type: 'CreditsAdded', data: { amount } }], 'any');
  const charge = (id: string, amount: number) =>
    events.appendToStream(`credits-${id}`, [{ type: 'CreditsCharged', data: { amount } }], 'any');
  const balance = (id: string) => reads.collection<Balance>('balances').get(id);
  const charges = async (id: string) => (await reads.collection('charge_counts').get(id))?.n;

  beforeAll(() => {
    source = eventStoreUnderTest();
    process.stderr.write(`projection runner suite: event store = ${source.adapter}, read store = mongodb\n`);
  });
  afterAll(() => source.cleanup());

  beforeEach(() => {
    dbName = uniqueDbName('it_projections');
    open();
  });
  afterEach(async () => {
    await runner.stop();
    const admin = await MongoClient.connect(MONGO_URL);
    await admin.db(dbName).dropDatabase();
    await admin.close();
    await Promise.all([events.close(), reads.close()]);
  });

  it('catches up on events written before it started and then follows live ones', async () => {
    const a = account();
    await add(a, 100);
    await runner.start();
    const { position } = await charge(a, 30);
    expect(await runner.waitForPosition(position, 10_000)).toBe(true);
    expect(await balance(a)).toMatchObject({ credits: 70, events: 2, _position: position });
  });

  it('does not apply an event twice when the process restarts', async () => {
    const a = account();
    await runner.start();
    await add(a, 10);
    const first = await charge(a, 1);
    expect(await runner.waitForPosition(first.position, 10_000)).toBe(true);
    await restart();
    const second = await charge(a, 2);
    expect(await runner.waitForPosition(second.position, 10_000)).toBe(true);
    expect(await charges(a)).toBe(2);
    expect(await balance(a)).toMatchObject({ credits: 7, events: 3 });
  });

  it('leaves documents unchanged when a lost checkpoint makes it replay what it applied', async () => {
    const [a, b] = [account(), account()];
    await runner.start();
    await add(a, 10);
    const last = await charge(a, 4);
    expect(await runner.waitForPosition(last.position, 10_000)).toBe(true);
    // A crash after applying an event but before saving the checkpoint looks like this on restart.
    await reads.collection(CHECKPOINTS_COLLECTION).delete('projection:balances');
    await restart();
    const marker = await add(b, 1);
    expect(await runner.waitForPosition(marker.position, 10_000)).toBe(true);
    expect(await balance(b)).toMatchObject({ credits: 1, events: 1 });
    expect(await balance(a)).toMatchObject({ credits: 6, events: 2 });
  });

  it('rebuilds damaged read models from the log and keeps following live events', async () => {
    const [a, b] = [account(), account()];
    await runner.start();
    await add(a, 50);
    await charge(a, 5);
    const last = await charge(b, 0);
    expect(await runner.waitForPosition(last.position, 10_000)).toBe(true);
    await reads.collection('balances').set(a, { credits: -999 });
    await reads.collection('balances').upsert({ _id: 'stale', credits: 1, events: 1, _position: 1 });
    await reads.collection('charge_counts').upsert({ _id: a, n: 40 });

    const result = await runner.rebuild();

    expect(result.position).toBeGreaterThanOrEqual(last.position);
    expect(await balance(a)).toMatchObject({ credits: 45, events: 2 });
    expect(await balance('stale')).toBeNull();
    expect(await charges(a)).toBe(1);
    expect(await charges(b)).toBe(1);
    const live = await add(a, 1);
    expect(await runner.waitForPosition(live.position, 10_000)).toBe(true);
    expect(await balance(a)).toMatchObject({ credits: 46, events: 3 });
  });
});

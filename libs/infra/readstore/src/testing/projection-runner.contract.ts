import { randomUUID } from 'node:crypto';
import type { EventStore } from '@lib/eventstore';
import { CHECKPOINTS_COLLECTION } from '../projection/checkpoint-store';
import type { Projection } from '../projection/projection';
import { ProjectionRunner } from '../projection/projection-runner';
import type { ReadStore } from '../read-store.port';
import { balancesProjection as balances, type Balance } from './balance-projection';

/** A process's stores: what the runner reads events from and writes documents to. */
export interface RunnerStores {
  events: EventStore;
  reads: ReadStore;
}

/** One test's data: `open()` connects a process's stores to it (again after a restart), `drop()` removes it. */
export interface RunnerData {
  open(): RunnerStores;
  drop(): Promise<void>;
  /** The event log holds this test's events only (a fresh embedded file; not an EventStoreDB with earlier runs). */
  freshLog: boolean;
}

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

/**
 * What the projection runner promises on any pair of stores: it catches up and follows, applies each event
 * once across restarts (its checkpoint), replays harmlessly after a lost checkpoint, and rebuilds damaged
 * read models from the log. Run against the embedded stores and against MongoDB (with either event store).
 */
export function projectionRunnerContract(name: string, newData: () => RunnerData): void {
  describe(`projection runner on ${name}`, () => {
    let data: RunnerData;
    let stores: RunnerStores;
    let runner: ProjectionRunner;
    // Run-unique account ids: an EventStoreDB keeps every earlier run's streams in $all.
    const account = () => `it${randomUUID().slice(0, 8)}`;

    function open(): void {
      stores = data.open();
      runner = new ProjectionRunner(stores.events, stores.reads, [balances, chargeCounter]);
    }
    async function close(): Promise<void> {
      await runner.stop();
      await Promise.all([stores.events.close(), stores.reads.close()]);
    }
    /** What a restarted projector process does: new connections, checkpoints loaded from the read store. */
    async function restart(): Promise<void> {
      await close();
      open();
      await runner.start();
    }

    const add = (id: string, amount: number) =>
      stores.events.appendToStream(`credits-${id}`, [{ type: 'CreditsAdded', data: { amount } }], 'any');
    const charge = (id: string, amount: number) =>
      stores.events.appendToStream(`credits-${id}`, [{ type: 'CreditsCharged', data: { amount } }], 'any');
    const balance = (id: string) => stores.reads.collection<Balance>('balances').get(id);
    const charges = async (id: string) => (await stores.reads.collection('charge_counts').get(id))?.n;

    beforeEach(() => {
      data = newData();
      open();
    });
    afterEach(async () => {
      await close();
      await data.drop();
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
      await stores.reads.collection(CHECKPOINTS_COLLECTION).delete('projection:balances');
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
      await stores.reads.collection('balances').set(a, { credits: -999 });
      await stores.reads.collection('balances').upsert({ _id: 'stale', credits: 1, events: 1, _position: 1 });
      await stores.reads.collection('charge_counts').upsert({ _id: a, n: 40 });

      const reported: number[] = [];
      const result = await runner.rebuild((progress) => reported.push(progress.events));

      if (data.freshLog) expect(result).toEqual({ position: last.position, events: 3 });
      else expect(result.position).toBeGreaterThanOrEqual(last.position);
      expect(reported.at(-1)).toBe(result.events);
      expect(await balance(a)).toMatchObject({ credits: 45, events: 2 });
      expect(await balance('stale')).toBeNull();
      expect(await charges(a)).toBe(1);
      expect(await charges(b)).toBe(1);
      const live = await add(a, 1);
      expect(await runner.waitForPosition(live.position, 10_000)).toBe(true);
      expect(await balance(a)).toMatchObject({ credits: 46, events: 3 });
    });
  });
}

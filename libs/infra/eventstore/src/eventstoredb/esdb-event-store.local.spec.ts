// The EventStore contract and its fault cases on the real @eventstore/db-client against a loopback gRPC
// server speaking EventStoreDB's protocol (no EventStoreDB can be installed on the build machines), plus
// what only this adapter has: server versions, client settings, bounded reads.
import { fakeEsdbFaults } from '../testing/fake-esdb/esdb-faults';
import { FakeEsdbServer } from '../testing/fake-esdb/fake-esdb-server';
import { eventStoreContract } from '../testing/event-store.contract';
import { eventStoreFaultContract } from '../testing/faults.contract';
import { WrongExpectedRevisionError } from '../event-store.port';
import { eventually } from '@lib/common/testing';
import { EsdbEventStore } from './esdb-event-store';

let fake: FakeEsdbServer;
beforeAll(async () => {
  fake = await FakeEsdbServer.start();
});
afterAll(() => fake.stop());

// A short append deadline keeps the lost-reply case quick; long enough for a loaded 2-core machine.
const open = (query = 'defaultDeadline=3000') => {
  const store = new EsdbEventStore({
    connectionString: fake.connectionString(query),
    retryDelayMs: 50,
    pingTimeoutMs: 500,
    log: () => undefined,
  });
  return { store, cleanup: () => store.close() };
};

eventStoreContract('eventstoredb (fake server)', async () => open());
eventStoreFaultContract(
  'eventstoredb (fake server)',
  async () => open(),
  fakeEsdbFaults(() => fake),
);

describe('EventStoreDB adapter specifics (fake server)', () => {
  let opened: ReturnType<typeof open>[] = [];
  const store = (query?: string) => {
    const fixture = open(query);
    opened.push(fixture);
    return fixture.store;
  };
  afterEach(async () => {
    await Promise.all(opened.map((fixture) => fixture.cleanup()));
    opened = [];
    fake.reset();
  });

  it.each([
    ['21.10.0', '21.10.0'],
    ['unknown (no ServerFeatures service, before 21.10)', null],
  ])(
    'refuses a server older than 22.6 (%s): appends fail, ping is false, problems say why',
    async (_label, version) => {
      fake.serverVersion = version;
      const old = store();
      await expect(old.appendToStream('old-server', [{ type: 'A', data: {} }], 'any')).rejects.toThrow(/22\.6/);
      await expect(old.ping()).resolves.toBe(false);
      expect(old.problems().join('\n')).toMatch(/22\.6/);
      expect(fake.log.stream('old-server')).toEqual([]);
    },
  );

  it('throws WrongExpectedRevisionError even when the connection string sets throwOnAppendFailure=false', async () => {
    const lenient = store('throwOnAppendFailure=false');
    await lenient.appendToStream('lenient', [{ type: 'A', data: {} }], 'no_stream');
    const error = await lenient
      .appendToStream('lenient', [{ type: 'B', data: {} }], 'no_stream')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ actual: 0 });
  });

  it('stops reading $all at upTo and at maxCount instead of paging to the end of the log', async () => {
    const es = store();
    const { position: before } = await es.appendToStream('bounded-before', [{ type: 'Before', data: {} }], 'no_stream');
    const target = await es.appendToStream('bounded-target', [{ type: 'Target', data: {} }], 'no_stream');
    // More than one page (500) after the target.
    await es.appendToStream(
      'bounded-noise',
      Array.from({ length: 600 }, (_, n) => ({ type: 'Noise', data: { n } })),
      'no_stream',
    );
    fake.stats.allReads.length = 0;
    expect(
      await es.readAll({ after: target.position, upTo: target.position, eventTypes: ['Missing'], maxCount: 1 }),
    ).toEqual([]);
    expect(fake.stats.allReads).toHaveLength(1);
    fake.stats.allReads.length = 0;
    const [first] = await es.readAll({ after: before, maxCount: 1 });
    expect(first.streamId).toBe('bounded-target');
    expect(fake.stats.allReads).toEqual([{ count: 2 }]);
  });

  it('tells onCheckpoint how far the filter looked, passing an end-of-log checkpoint on as it came (a bound, not a resume point)', async () => {
    const es = store();
    const marker = await es.appendToStream('looked-a', [{ type: 'Other', data: {} }], 'no_stream');
    await es.appendToStream('looked-b', [{ type: 'Other', data: {} }], 'no_stream');
    fake.faults.endOfLogCheckpoints = true;
    const nextEventPosition = fake.log.nextPosition;
    const reported: number[] = [];
    const sub = es.subscribeToAll(
      { after: marker.position, eventTypes: ['Wanted'], onCheckpoint: (position) => reported.push(position) },
      async () => undefined,
    );
    try {
      await eventually(() => expect(reported).toEqual([nextEventPosition]));
    } finally {
      await sub.stop();
    }
  });

  it('reports a start position that is no position of this log (a checkpoint from SQLite) as a problem; ping stays true (the server answers)', async () => {
    const es = store();
    await es.appendToStream('carried-over', [{ type: 'A', data: {} }], 'no_stream');
    const sub = es.subscribeToAll({ after: 7, eventTypes: ['A'], name: 'carried' }, async () => undefined);
    try {
      await eventually(() =>
        expect(es.problems().join('\n')).toMatch(/carried: the server refused the start position \(.*invalid position/),
      );
      await expect(es.ping()).resolves.toBe(true);
    } finally {
      await sub.stop();
    }
  });

  it('reads command state from the leader', async () => {
    const es = store();
    fake.stats.streamReadsWithoutLeader = 0;
    await es.appendToStream('leader-read', [{ type: 'A', data: {} }], 'no_stream');
    await es.readStream('leader-read');
    expect(fake.stats.streamReads).toBeGreaterThan(0);
    expect(fake.stats.streamReadsWithoutLeader).toBe(0);
  });
});

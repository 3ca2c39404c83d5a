// The EventStore contract, and the fault cases, on the real @eventstore/db-client against a loopback
// gRPC server speaking EventStoreDB's protocol (no EventStoreDB can be installed on the build machines).
import { FakeEsdbServer } from '../testing/fake-esdb/fake-esdb-server';
import { eventStoreContract } from '../testing/event-store.contract';
import { EsdbEventStore } from './esdb-event-store';

let fake: FakeEsdbServer;
beforeAll(async () => {
  fake = await FakeEsdbServer.start();
});
afterAll(() => fake.stop());

eventStoreContract('eventstoredb (fake server)', async () => {
  const store = new EsdbEventStore({ connectionString: fake.connectionString(), retryDelayMs: 50, log: () => undefined });
  return { store, cleanup: () => store.close() };
});

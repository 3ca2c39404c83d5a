// The EventStore contract against EventStoreDB (EVENTSTORE_URL, e.g. esdb://localhost:2113?tls=false).
import { EsdbEventStore } from '@lib/eventstore';
import { eventStoreContract } from '../../libs/eventstore/src/testing/event-store.contract';
import { describeWithServers } from './support/servers';

describeWithServers(['EVENTSTORE_URL'], 'EventStoreDB adapter', ({ EVENTSTORE_URL }) => {
  eventStoreContract('eventstoredb', async () => {
    const store = new EsdbEventStore({ connectionString: EVENTSTORE_URL, retryDelayMs: 50, log: () => undefined });
    return { store, cleanup: () => store.close() };
  });
});

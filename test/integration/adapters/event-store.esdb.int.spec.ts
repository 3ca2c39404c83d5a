// The EventStore contract and the fault cases a real server allows, against EventStoreDB/KurrentDB 22.6+
// (EVENTSTORE_URL, e.g. esdb://localhost:2113?tls=false). The remaining fault cases need control of the
// server and run on the loopback fake in libs/infra/eventstore/src/eventstoredb/esdb-event-store.local.spec.ts.
import { EsdbEventStore } from '@lib/eventstore';
import { eventStoreContract, eventStoreFaultContract, realEsdbFaults } from '@lib/eventstore/testing';
import { describeWithServers } from '../../support/cluster/servers';

describeWithServers(['EVENTSTORE_URL'], 'EventStoreDB adapter', ({ EVENTSTORE_URL }) => {
  const factory = async () => {
    const store = new EsdbEventStore({ connectionString: EVENTSTORE_URL, retryDelayMs: 50, log: () => undefined });
    return { store, cleanup: () => store.close() };
  };
  eventStoreContract('eventstoredb', factory);
  eventStoreFaultContract('eventstoredb', factory, realEsdbFaults(EVENTSTORE_URL));
});

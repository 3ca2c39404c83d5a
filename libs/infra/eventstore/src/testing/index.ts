export * from './event-store.contract';
export { eventStoreFaultContract } from './faults.contract';
export { realEsdbFaults } from './fake-esdb/esdb-faults';
export { FakeEsdbServer } from './fake-esdb/fake-esdb-server';
export { eventRecorder } from './recorded-events';

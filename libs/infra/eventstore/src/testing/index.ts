export * from './event-store.contract';
export { eventStoreFaultContract } from './faults.contract';
export { realEsdbFaults } from './fake-esdb/esdb-faults';

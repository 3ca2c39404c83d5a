export * from './event-store.port';
export { SqliteEventStore } from './embedded/sqlite-event-store';
export type { SqliteEventStoreOptions } from './embedded/sqlite-event-store';
export * from './command-runner';
export * from './aggregate-stream';
export * from './eventstoredb/esdb-event-store';
export * from './delegating-event-store';
export * from './observed/observed-event-store';
export * from './appended-positions';

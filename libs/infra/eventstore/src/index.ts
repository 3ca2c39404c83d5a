// The public surface of eventstore: the port, its adapters, and the one load-fold-decide-append path.
export {
  EventStore,
  type AppendResult,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './event-store.port';
export { SqliteEventStore } from './embedded/sqlite-event-store';
export { EsdbEventStore } from './eventstoredb/esdb-event-store';
export { DelegatingEventStore } from './delegating-event-store';
export { ObservedEventStore, type AppendObserver } from './observed/observed-event-store';
export {
  newStream,
  runCommand,
  runDecision,
  type AssumedStream,
  type RunOptions,
  type RunResult,
} from './command-runner';
export { aggregateStream, readEvents, type UpcastEvent } from './aggregate-stream';
export { findSince } from './find-since';
export { appendedPositions } from './appended-positions';

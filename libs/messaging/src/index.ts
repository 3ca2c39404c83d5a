export * from './message-bus.port';
export * from './bus-observer';
export { SqliteMessageBus } from './embedded/sqlite-message-bus';
export type { SqliteMessageBusOptions } from './embedded/sqlite-message-bus';
export * from './relay/relay-message';
export { EventRelay } from './relay/event-relay';
export type { EventRelayOptions } from './relay/event-relay';
export * from './kafka/kafka-message-bus';

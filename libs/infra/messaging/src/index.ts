// The public surface of messaging: the port, its two adapters, and the relay that feeds analytics.
export {
  MessageBus,
  type BusConsumer,
  type IncomingMessage,
  type OutgoingMessage,
  type SubscribeOptions,
} from './message-bus.port';
export type { BusObserver } from './bus-observer';
export { SqliteMessageBus } from './embedded/sqlite-message-bus';
export { KafkaMessageBus } from './kafka/kafka-message-bus';
export { MessageBusDecorator, type PublishTo } from './message-bus-decorator';
export { NamespacedMessageBus } from './namespaced-message-bus';
export { EventRelay } from './relay/event-relay';
export { relayTopic, type RelayMessageV1 } from './relay/relay-message';
export { upcastRelayed, type RelayedEvent } from './relay/relayed-event';
export type { AnalyticsAllowlists, EventAllowlist, FieldDecisions } from './relay/analytics-allowlist';

// The public surface of messaging: the port, its two adapters, and the relay that feeds analytics.
export {
  MessageBus,
  type BusConsumer,
  type EnsureTopicsOptions,
  type IncomingMessage,
  type OutgoingMessage,
  type SubscribeOptions,
} from './message-bus.port';
export type { BusObserver } from './bus-observer';
export { SqliteMessageBus, type SqliteMessageBusOptions } from './embedded/sqlite-message-bus';
export { KafkaMessageBus, type KafkaMessageBusOptions } from './kafka/kafka-message-bus';
export { MessageBusDecorator, type PublishTo } from './message-bus-decorator';
export { NamespacedMessageBus } from './namespaced-message-bus';
export { EventRelay, type EventRelayOptions } from './relay/event-relay';
export { RELAY_CATEGORIES, relayTopic, type RelayMessageV1 } from './relay/relay-message';
export { upcastRelayed, type RelayedEvent } from './relay/relayed-event';
export {
  allowedData,
  type AnalyticsAllowlists,
  type Decisions,
  type EventAllowlist,
  type FieldDecisions,
} from './relay/analytics-allowlist';
export { ALLOWLISTED_CATEGORIES } from './relay/analytics-redaction';

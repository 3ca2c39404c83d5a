export * from './message-bus.port';
export * from './kafka/kafka-message-bus';

export * from './message-bus.contract';
export { partitionDealer } from '../kafka/partition-dealer';
export { waitForTopicLeaders } from '../kafka/topic-readiness';
export { default as RELAY_MESSAGE_SCHEMA } from '../relay/relay-message.schema.json';
export { RELAY_CATEGORIES } from '../relay/relay-message';
export { allowedData } from '../relay/analytics-allowlist';
export { ALLOWLISTED_CATEGORIES } from '../relay/analytics-redaction';

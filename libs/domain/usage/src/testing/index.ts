// For tests only (never imported by production code: the layer rules refuse it): the collection the
// usage facts are stored in, which e2e specs read to wait for the consumer.
export { USAGE_FACTS_COLLECTION, usageFactOf, type UsageFactDoc } from '../record-usage/usage-fact';

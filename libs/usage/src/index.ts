// The public surface of usage: the analytics consumer's module (worker role) that records one usage
// fact per call event, and the query the dashboard reads them with (api role).
export { UsageAnalyticsModule } from './usage-analytics.module';
export { UsageModule } from './usage.module';
export { ListUsageFactsQuery, type UsageFact } from './list-usage/list-usage-facts.query';

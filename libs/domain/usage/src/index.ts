// The public surface of usage: the analytics consumer's module (worker role) that records one usage
// fact per call event, and the query that reads the facts (the team's usage report of @lib/teams sums them).
export { UsageAnalyticsModule } from './usage-analytics.module';
export { UsageModule } from './usage.module';
export { ListUsageFactsQuery, type UsageFact } from './list-usage/list-usage-facts.query';

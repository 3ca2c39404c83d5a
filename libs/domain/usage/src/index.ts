// The public surface of usage: the analytics consumer's module (worker role) that records one usage
// fact per call event, and the queries the dashboard reads them with (api role): the raw facts, and the
// team's usage report with its rules (the span of days, what a member may see).
export { UsageAnalyticsModule } from './usage-analytics.module';
export { UsageModule } from './usage.module';
export { ListUsageFactsQuery, type UsageFact } from './list-usage/list-usage-facts.query';
export { TeamUsageQuery, type TeamUsageReport, type UsageTotals } from './team-usage/team-usage.query';

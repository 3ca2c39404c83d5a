// The validated configuration (loaded once from the environment), the paid-call time budgets derived from it,
// and the page docs/configuration.md is generated from (npm run generate:config-docs). The tooling and engine
// specs reach the reference, the declared variables and the default probe settings through @lib/config/testing.
export type { AppConfig } from './app-config';
// Each concern's slice of AppConfig that a lib reads, declared once: the libs read these types as they are.
export type { CreditsConfig, PaymentsConfig } from './slices/credits';
export type { DashboardConfig } from './slices/dashboard';
export type { JobsConfig } from './slices/jobs';
export type { MetricsConfig } from './slices/metrics';
export type { PersonalDataConfig } from './slices/personal-data';
export type { ProbeConfig } from './slices/probe';
export type { RetentionConfig, RetentionRange } from './slices/retention';
export type { WebhooksConfig } from './slices/webhooks';
export { ConfigError, loadConfig } from './load-config';
export { renderConfigReference } from './config-reference-page';
export {
  FINDER_BATCH_CONCURRENCY,
  FINDER_BATCH_MAX_CONTACTS,
  FINDER_CALL_BUDGET_MS,
  longestPaidCallMs,
} from './paid-call-budget';
export type { CheckCaps, EgressRoute, EgressRoutes, RoutingRule } from './egress-routes.types';

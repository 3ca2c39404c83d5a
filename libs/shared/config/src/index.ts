// The validated configuration (loaded once from the environment), the paid-call time budgets derived from it,
// and the reference docs/configuration.md is generated from (npm run generate:config-docs).
export type { AppConfig } from './app-config';
// Each concern's slice of AppConfig, declared once: the libs read these types as they are.
export type { CreditsConfig, PaymentsConfig } from './slices/credits';
export type { DashboardConfig } from './slices/dashboard';
export type { HttpConfig } from './slices/http';
export type { JobsConfig } from './slices/jobs';
export type { MailConfig } from './slices/mail';
export type { MetricsConfig } from './slices/metrics';
export type { PersonalDataConfig } from './slices/personal-data';
export { defaultProbeConfig, type ProbeConfig } from './slices/probe';
export type { PublishableRateLimitConfig, RateLimitConfig } from './slices/rate-limits';
export type { RetentionConfig, RetentionRange } from './slices/retention';
export type { VerificationTokenConfig } from './slices/verification-token';
export type { WebhooksConfig } from './slices/webhooks';
export { ConfigError, declaredConfigVariables, loadConfig } from './load-config';
export type { EnvVariable } from './env-parsers';
export { CONFIG_REFERENCE, type ConfigReferenceEntry, type ConfigReferenceGroup } from './config-reference';
export { renderConfigReference } from './config-reference-page';
export { readEgressRoutes } from './egress-routes';
export {
  FINDER_BATCH_BUDGET_MS,
  FINDER_BATCH_CONCURRENCY,
  FINDER_BATCH_MAX_CONTACTS,
  FINDER_CALL_BUDGET_MS,
  SETTLE_MARGIN_MS,
  longestPaidCallMs,
} from './paid-call-budget';
export type {
  CheckCaps,
  EgressRoute,
  EgressRoutes,
  RouteDefaults,
  RoutingRule,
  Socks5ProxySpec,
} from './egress-routes.types';

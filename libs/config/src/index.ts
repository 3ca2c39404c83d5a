// The validated configuration (loaded once from the environment), the paid-call time budgets derived from it,
// and the reference docs/configuration.md is generated from (npm run generate:config-docs).
export type { AppConfig } from './app-config';
export type { PersonalDataConfig } from './personal-data-config';
export type { RetentionConfig, RetentionRange } from './retention-config';
export { ConfigError, declaredConfigVariables, loadConfig } from './load-config';
export type { EnvVariable } from './env-parsers';
export { CONFIG_REFERENCE, type ConfigReferenceEntry, type ConfigReferenceGroup } from './config-reference';
export { renderConfigReference } from './config-reference-page';
export { readEgressRoutes, type RouteDefaults } from './egress-routes';
export {
  FINDER_BATCH_BUDGET_MS,
  FINDER_BATCH_CONCURRENCY,
  FINDER_BATCH_MAX_CONTACTS,
  FINDER_CALL_BUDGET_MS,
  SETTLE_MARGIN_MS,
  longestPaidCallMs,
} from './paid-call-budget';
export type { CheckCaps, EgressRoute, EgressRoutes, RoutingRule, Socks5ProxySpec } from './egress-routes.types';

// The validated configuration (loaded once from the environment) and the paid-call time budgets derived from it.
export type { AppConfig } from './app-config';
export type { PersonalDataConfig } from './personal-data-config';
export type { RetentionConfig, RetentionRange } from './retention-config';
export { ConfigError, loadConfig } from './load-config';
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

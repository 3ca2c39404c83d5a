import { Module } from '@nestjs/common';
import type { AppConfig, DashboardConfig, JobsConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/**
 * What libs/app/api reads of the configuration: the admin token and its guess limit, the rate limits (per key, per
 * account, on the dashboard, of publishable keys), how the per-address throttles count an IPv6 client, the
 * verification tokens' keys (and DATA_DIR, where an embedded installation keeps its generated one), the
 * upload limits its job routes enforce and show, and the dashboard cookies' lifetime and Secure flag.
 */
export type ApiConfig = Pick<
  AppConfig,
  | 'adminToken'
  | 'adminMaxFailuresPerAddress'
  | 'rateLimit'
  | 'throttleIpv6PrefixLength'
  | 'publishableRateLimit'
  | 'verificationToken'
  | 'dataDir'
> & {
  jobs: Pick<JobsConfig, 'maxUploadBytes' | 'maxUniqueEmails'>;
  dashboard: Pick<DashboardConfig, 'sessionTtlHours' | 'secureCookies' | 'trialCredits'>;
};

/** DI token of ApiConfig (a type, so it needs a token); ApiConfigModule provides and exports it. */
export const API_CONFIG = Symbol('API_CONFIG');

/**
 * The api slice for ApiModule and the area modules it imports (dashboard, jobs, finder), which cannot see
 * ApiModule's own providers: each module that reads it imports this one. The configuration is handed over as
 * it is, narrowed by the type: nothing is copied.
 */
@Module({ providers: [provideConfigSlice(API_CONFIG, (config): ApiConfig => config)], exports: [API_CONFIG] })
export class ApiConfigModule {}

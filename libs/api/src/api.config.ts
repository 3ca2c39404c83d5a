import { Module } from '@nestjs/common';
import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/**
 * What libs/api reads of the configuration: the admin token and its guess limit, the rate limits (per key, per
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
  jobs: Pick<AppConfig['jobs'], 'maxUploadBytes' | 'maxUniqueEmails'>;
  dashboard: Pick<AppConfig['dashboard'], 'sessionTtlHours' | 'secureCookies' | 'trialCredits'>;
};

/** DI token of ApiConfig (a type, so it needs a token); ApiConfigModule provides and exports it. */
export const API_CONFIG = Symbol('API_CONFIG');

export function apiConfigFrom(config: AppConfig): ApiConfig {
  const { maxUploadBytes, maxUniqueEmails } = config.jobs;
  const { sessionTtlHours, secureCookies, trialCredits } = config.dashboard;
  return {
    adminToken: config.adminToken,
    adminMaxFailuresPerAddress: config.adminMaxFailuresPerAddress,
    rateLimit: config.rateLimit,
    throttleIpv6PrefixLength: config.throttleIpv6PrefixLength,
    publishableRateLimit: config.publishableRateLimit,
    verificationToken: config.verificationToken,
    dataDir: config.dataDir,
    jobs: { maxUploadBytes, maxUniqueEmails },
    dashboard: { sessionTtlHours, secureCookies, trialCredits },
  };
}

/**
 * The api slice for ApiModule and the area modules it imports (dashboard, jobs, finder), which cannot see
 * ApiModule's own providers: each module that reads it imports this one.
 */
@Module({ providers: [provideConfigSlice(API_CONFIG, apiConfigFrom)], exports: [API_CONFIG] })
export class ApiConfigModule {}

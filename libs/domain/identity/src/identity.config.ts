import { Module } from '@nestjs/common';
import type { AppConfig, DashboardConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/**
 * What libs/domain/identity reads of the configuration: the dashboard's settings (public URL, sessions, trial credits,
 * throttles) and how its per-address throttles count an IPv6 client.
 */
export type IdentityConfig = DashboardConfig & Pick<AppConfig, 'throttleIpv6PrefixLength'>;

/** DI token of IdentityConfig (a type, so it needs a token); IdentityConfigModule provides and exports it. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/**
 * The identity slice for IdentityModule and SignUpAccountModule, which does not import IdentityModule:
 * each imports this one.
 */
@Module({
  providers: [
    provideConfigSlice(IDENTITY_CONFIG, (config): IdentityConfig => ({
      ...config.dashboard,
      throttleIpv6PrefixLength: config.throttleIpv6PrefixLength,
    })),
  ],
  exports: [IDENTITY_CONFIG],
})
export class IdentityConfigModule {}

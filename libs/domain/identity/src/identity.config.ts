import { Module } from '@nestjs/common';
import type { AppConfig, DashboardConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/**
 * What libs/domain/identity reads of the configuration: the dashboard's settings (public URL, sessions,
 * throttles) and how its per-address throttles count an IPv6 client.
 */
export type IdentityConfig = DashboardConfig & Pick<AppConfig, 'throttleIpv6PrefixLength'>;

/** DI token of IdentityConfig (a type, so it needs a token); IdentityConfigModule provides and exports it. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** The identity slice, provided on its own so a module of identity other than IdentityModule can import it too. */
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

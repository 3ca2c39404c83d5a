import type { EgressRoutes } from '@lib/config';
import type { VerificationConfig } from '../verification.config';

/** Without SMTP_ROUTES: one direct route from the machine's own address, with the single-route settings. */
export function singleRoute(config: VerificationConfig): EgressRoutes {
  return {
    routes: [
      {
        name: 'default',
        kind: 'direct',
        localAddress: null,
        proxy: null,
        heloName: config.heloName,
        mailFrom: config.mailFrom,
        egressId: config.egressId,
        perMxConcurrency: config.perMxConcurrency,
        connectsPerSecondPerMx: config.connectsPerSecondPerMx,
        caps: { perMinute: null, perDay: null },
        providerCaps: {},
      },
    ],
    rules: [],
    defaultRoutes: ['default'],
  };
}

import { VerificationConfig } from './verification.types';

/**
 * Production-leaning defaults. Apps build the real object from validated configuration;
 * this library never reads the environment.
 */
export function defaultVerificationConfig(): VerificationConfig {
  return {
    dnsServers: undefined,
    smtpPort: 25,
    heloName: 'verifier.localhost',
    mailFrom: 'probe@verifier.localhost',
    connectTimeoutMs: 10_000,
    // Some MTAs delay their banner on purpose (tarpits against spam bots); a slow banner is waited for.
    bannerTimeoutMs: 30_000,
    commandTimeoutMs: 15_000,
    // Typical greylisting windows are 1 to 15 minutes.
    greylistDelaysMs: [60_000, 300_000, 900_000, 1_800_000],
    interactiveBudgetMs: 20_000,
    perMxConcurrency: 3,
    allowPrivateNetworks: false,
    disposableAllowList: [],
    sessionReuse: true,
    dnsTimeoutMs: 3_000,
    maxRcptsPerSession: 20,
  };
}

import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';
import { defaultVerificationConfig, type VerificationConfig } from './verification.config';

/**
 * What libs/verification reads of the configuration: the probe settings (DNS, SMTP, the per-MX budget, the
 * port-25 preflight). Named for AppConfig's `probe`: VerificationConfig is the engine's own settings, cut from it below.
 */
export type ProbeConfig = AppConfig['probe'];

/** DI token of ProbeConfig (a type, so it needs a token); VerificationEngineModule provides it. */
export const PROBE_CONFIG = Symbol('PROBE_CONFIG');

export const probeConfigProvider = provideConfigSlice(PROBE_CONFIG, (config): ProbeConfig => config.probe);

/** The engine's settings from the probe slice: the engine itself never reads configuration, its module hands it these. */
export function engineConfigFrom(probe: ProbeConfig): VerificationConfig {
  return {
    ...defaultVerificationConfig(),
    dnsServers: probe.dnsServers ?? undefined,
    smtpPort: probe.smtpPort,
    heloName: probe.heloName,
    mailFrom: probe.mailFrom,
    connectTimeoutMs: probe.connectTimeoutMs,
    bannerTimeoutMs: probe.bannerTimeoutMs,
    commandTimeoutMs: probe.commandTimeoutMs,
    greylistDelaysMs: probe.greylistDelaysMs,
    interactiveBudgetMs: probe.interactiveBudgetMs,
    perMxConcurrency: probe.perMxConcurrency,
    perMxConcurrencyFloor: probe.perMxConcurrencyFloor,
    connectsPerSecondPerMx: probe.connectsPerSecondPerMx,
    connectsPerSecondPerMxCeiling: probe.connectsPerSecondPerMxCeiling,
    sessionErrorBudget: probe.sessionErrorBudget,
    reconnectBackoffMs: probe.reconnectBackoffMs,
    tarpitFloorMs: probe.tarpitFloorMs,
    allowPrivateNetworks: probe.allowPrivateNetworks,
    sessionReuse: probe.sessionReuse,
    egressId: probe.egressId,
    routes: probe.routes,
  };
}

import type { ProbeConfig } from '@lib/config';
import type { MxSlots } from './smtp/mx-slots';
import type { VerificationObserver } from './verification-observer';

/**
 * What one engine is built with: the probe slice of the configuration as it is (declared in libs/shared/config, with
 * its defaults: `defaultProbeConfig()` when no variable is set), and what the host process hands it beside.
 */
export interface VerificationConfig extends ProbeConfig {
  disposableAllowList?: string[];
  /** Per-query DNS timeout; defaults to 3000 ms. */
  dnsTimeoutMs?: number;
  /** RCPTs sent in one SMTP session before it is recycled; defaults to 20. */
  maxRcptsPerSession?: number;
  /** Receives verdicts and SMTP events (an app's metrics); nothing is reported when absent. */
  observer?: VerificationObserver;
  /**
   * Where the per-MX connection slots are shared with the other processes behind the same egress address
   * (MongoDB in a cluster); in this process's memory when absent. The caller owns it and closes it after close().
   */
  mxSlots?: MxSlots;
}

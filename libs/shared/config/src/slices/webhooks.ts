import type { EnvReader } from '../env-parsers';

/** Webhook delivery (WEBHOOK_*): which receivers may be called, with which CA, how long and how often. */
export interface WebhooksConfig {
  allowPrivateNetworks: boolean;
  caFile: string | null;
  timeoutMs: number;
  retryDelaysMs: number[];
}

export function readWebhooks(r: EnvReader): WebhooksConfig {
  return {
    allowPrivateNetworks: r.bool('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
    caFile: r.optional('WEBHOOK_CA_FILE'),
    timeoutMs: r.int('WEBHOOK_TIMEOUT_MS', 5_000, 100, 60_000),
    retryDelaysMs: r.intList('WEBHOOK_RETRY_DELAYS_MS', [30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000]),
  };
}

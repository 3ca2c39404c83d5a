import type { AppConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/webhooks reads of the configuration: its delivery settings and the DNS servers a process without the engine resolves with. */
export type WebhooksConfig = AppConfig['webhooks'] & { dnsServers: AppConfig['probe']['dnsServers'] };

/** DI token of WebhooksConfig (a type, so it needs a token); WebhooksModule provides and exports it. */
export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');

export function webhooksConfigFrom(config: AppConfig): WebhooksConfig {
  return { ...config.webhooks, dnsServers: config.probe.dnsServers };
}

export const webhooksConfigProvider = provideConfigSlice(WEBHOOKS_CONFIG, webhooksConfigFrom);

import type { ProbeConfig, WebhooksConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/domain/webhooks reads of the configuration: its delivery settings and the DNS servers a process without the engine resolves with. */
export type WebhookDeliveryConfig = WebhooksConfig & Pick<ProbeConfig, 'dnsServers'>;

/** DI token of WebhookDeliveryConfig (a type, so it needs a token); WebhooksModule provides and exports it. */
export const WEBHOOKS_CONFIG = Symbol('WEBHOOKS_CONFIG');

export const webhooksConfigProvider = provideConfigSlice(WEBHOOKS_CONFIG, (config): WebhookDeliveryConfig => ({
  ...config.webhooks,
  dnsServers: config.probe.dnsServers,
}));

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { HostResolver } from '@lib/verification-engine';
import { WebhookAddressGuard } from './delivery/address-guard';
import { DeliveryAttempts } from './delivery/delivery-attempts';
import { createWebhookAgent, HttpsWebhookSender } from './delivery/https-sender';
import { DeleteWebhookHandler } from './delete-webhook/delete-webhook.handler';
import { ListDeliveriesHandler } from './list-deliveries/list-deliveries.handler';
import { ListWebhooksHandler } from './list-webhooks/list-webhooks.handler';
import { RegisterWebhookHandler } from './register-webhook/register-webhook.handler';
import { RotateWebhookSecretHandler } from './rotate-webhook-secret/rotate-webhook-secret.handler';
import { WebhookCommandRunner } from './shared/webhook-command-runner';
import { WebhookSecrets } from './shared/webhook-secrets';
import { TestWebhookHandler } from './test-webhook/test-webhook.handler';
import { ToggleWebhookHandler } from './toggle-webhook/toggle-webhook.handler';
import { UpdateWebhookHandler } from './update-webhook/update-webhook.handler';
import { WebhooksReadModelModule } from './webhooks-read-model.module';
import { WEBHOOKS_CONFIG, WebhookDeliveryConfig, webhooksConfigProvider } from './webhooks.config';

/** Webhook registration, queries, test deliveries and the signed HTTPS sender. */
@Module({
  imports: [CqrsModule, WebhooksReadModelModule],
  providers: [
    webhooksConfigProvider,
    {
      provide: WebhookAddressGuard,
      // Webhook hosts resolve like every name in the process: the engine's resolver (DNS_SERVERS when set);
      // a process without the engine builds the same one from the same configuration.
      useFactory: (config: WebhookDeliveryConfig, shared?: HostResolver) => {
        const resolver = shared ?? HostResolver.fromServers(config.dnsServers);
        return new WebhookAddressGuard(config.allowPrivateNetworks, (hostname) => resolver.resolve(hostname));
      },
      inject: [WEBHOOKS_CONFIG, { token: HostResolver, optional: true }],
    },
    {
      provide: HttpsWebhookSender,
      useFactory: (config: WebhookDeliveryConfig, guard: WebhookAddressGuard) =>
        new HttpsWebhookSender(guard, createWebhookAgent(config.caFile), config.timeoutMs),
      inject: [WEBHOOKS_CONFIG, WebhookAddressGuard],
    },
    DeliveryAttempts,
    WebhookCommandRunner,
    WebhookSecrets,
    RegisterWebhookHandler,
    UpdateWebhookHandler,
    ToggleWebhookHandler,
    RotateWebhookSecretHandler,
    DeleteWebhookHandler,
    TestWebhookHandler,
    ListWebhooksHandler,
    ListDeliveriesHandler,
  ],
  exports: [WEBHOOKS_CONFIG, DeliveryAttempts],
})
export class WebhooksModule {}

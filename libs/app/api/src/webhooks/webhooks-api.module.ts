import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { WebhooksModule } from '@lib/webhooks';
import { DeleteWebhookController } from './delete-webhook/delete-webhook.controller';
import { ListDeliveriesController } from './list-deliveries/list-deliveries.controller';
import { ListWebhooksController } from './list-webhooks/list-webhooks.controller';
import { RegisterWebhookController } from './register-webhook/register-webhook.controller';
import { RotateWebhookSecretController } from './rotate-webhook-secret/rotate-webhook-secret.controller';
import { TestWebhookController } from './test-webhook/test-webhook.controller';
import { ToggleWebhookController } from './toggle-webhook/toggle-webhook.controller';
import { UpdateWebhookController } from './update-webhook/update-webhook.controller';

/** /v1/webhooks: one controller per use case of @lib/webhooks, in the order /docs lists them. */
@Module({
  imports: [CqrsModule, WebhooksModule],
  controllers: [
    ListWebhooksController,
    RegisterWebhookController,
    UpdateWebhookController,
    ToggleWebhookController,
    DeleteWebhookController,
    TestWebhookController,
    RotateWebhookSecretController,
    ListDeliveriesController,
  ],
})
export class WebhooksApiModule {}

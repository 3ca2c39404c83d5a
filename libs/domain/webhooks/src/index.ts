// The public surface of webhooks: its modules, commands, queries and the events other libs read.
export { WebhooksModule } from './webhooks.module';
export { WebhooksReadModelModule } from './webhooks-read-model.module';
export { WebhookDeliveryModule } from './webhook-delivery.module';
export { RegisterWebhookCommand } from './register-webhook/register-webhook.command';
export { UpdateWebhookCommand } from './update-webhook/update-webhook.command';
export { ToggleWebhookCommand } from './toggle-webhook/toggle-webhook.command';
export { RotateWebhookSecretCommand } from './rotate-webhook-secret/rotate-webhook-secret.command';
export { DeleteWebhookCommand } from './delete-webhook/delete-webhook.command';
export { TestWebhookCommand } from './test-webhook/test-webhook.command';
export { ListWebhooksQuery } from './list-webhooks/list-webhooks.query';
export { ListDeliveriesQuery } from './list-deliveries/list-deliveries.query';
export { parseWebhookId } from './shared/webhook.view';
export type { DeliveryEvent } from './domain/delivery.events';

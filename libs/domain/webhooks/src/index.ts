// The public surface of webhooks: its modules, commands, queries and the events other libs read.
export { WebhooksModule } from './webhooks.module';
export { WebhooksReadModelModule } from './webhooks-read-model.module';
export { WebhookDeliveryModule } from './webhook-delivery.module';
export { RegisterWebhookCommand, type RegisterWebhookInput } from './register-webhook/register-webhook.command';
export { UpdateWebhookCommand, type UpdateWebhookInput } from './update-webhook/update-webhook.command';
export { ToggleWebhookCommand } from './toggle-webhook/toggle-webhook.command';
export { RotateWebhookSecretCommand } from './rotate-webhook-secret/rotate-webhook-secret.command';
export { DeleteWebhookCommand } from './delete-webhook/delete-webhook.command';
export { TestWebhookCommand, type TestDeliveryResult } from './test-webhook/test-webhook.command';
export { ListWebhooksQuery } from './list-webhooks/list-webhooks.query';
export { ListDeliveriesQuery } from './list-deliveries/list-deliveries.query';
export type { DeliveryView } from './list-deliveries/delivery.view';
export { parseWebhookId, type WebhookView, type WebhookWithSecretView } from './shared/webhook.view';
export type { WebhookEvent } from './domain/webhook.events';
export type { DeliveryEvent } from './domain/delivery.events';

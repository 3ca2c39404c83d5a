import { Module, OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '@lib/platform';
import { webhookDeliveriesProjection } from './list-deliveries/webhook-deliveries.projection';
import { webhooksProjection } from './list-webhooks/webhooks.projection';

/** Registers the webhook read models (webhooks, delivery history and queue); the projector imports only this. */
@Module({})
export class WebhooksReadModelModule implements OnModuleInit {
  constructor(private readonly projections: ProjectionRegistry) {}

  onModuleInit(): void {
    this.projections.register(webhooksProjection, webhookDeliveriesProjection);
  }
}

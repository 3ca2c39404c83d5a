import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { WebhooksModule } from '@lib/webhooks';
import { WebhooksController } from './webhooks.controller';

@Module({
  imports: [CqrsModule, WebhooksModule],
  controllers: [WebhooksController],
})
export class WebhooksApiModule {}

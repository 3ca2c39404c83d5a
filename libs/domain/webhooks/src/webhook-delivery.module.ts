import { Module } from '@nestjs/common';
import { DeliveryDispatcher } from './dispatch-deliveries/delivery-dispatcher';
import { JobDeliveries } from './schedule-deliveries/job-deliveries';
import { JobEventsConsumer } from './schedule-deliveries/job-events.consumer';
import { WebhooksModule } from './webhooks.module';

/** The worker side: schedules deliveries from `events.jobs` and sends due attempts with retries. */
@Module({
  imports: [WebhooksModule],
  providers: [JobDeliveries, JobEventsConsumer, DeliveryDispatcher],
})
export class WebhookDeliveryModule {}

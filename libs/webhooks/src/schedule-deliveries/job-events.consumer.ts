import { Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { BusConsumer, MessageBus, relayTopic } from '@lib/messaging';
import { JobDeliveries } from './job-deliveries';

export const JOB_EVENTS_TOPIC = relayTopic('jobs');
export const WEBHOOK_DELIVERY_GROUP = 'webhook-delivery';

/** Consumes the relay's job events (docs/contracts.md) and schedules webhook deliveries for the finished ones. */
@Injectable()
export class JobEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('webhook-delivery');
  private consumer?: BusConsumer;

  constructor(
    private readonly bus: MessageBus,
    private readonly deliveries: JobDeliveries,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics([JOB_EVENTS_TOPIC]);
    this.consumer = await this.bus.subscribe(
      // Scheduling is a few appends per event, so a handful in parallel keeps up with bulk job bursts.
      { groupId: WEBHOOK_DELIVERY_GROUP, topics: [JOB_EVENTS_TOPIC], concurrency: 4 },
      async (message) => {
        const count = await this.deliveries.schedule(message.value);
        if (count > 0)
          this.logger.debug(`${message.value.type} ${message.value.eventId}: ${count} webhook deliveries scheduled`);
      },
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }
}

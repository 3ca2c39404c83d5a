import { Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { BusConsumer, MessageBus, relayTopic } from '@lib/messaging';
import { JobDeliveries } from './job-deliveries';

export const JOB_EVENTS_TOPIC = relayTopic('jobs');
/** The notices that a job's files go soon (JobFilesExpiring on `jobnotices-<jobId>`). */
export const JOB_NOTICES_TOPIC = relayTopic('jobnotices');
const TOPICS = [JOB_EVENTS_TOPIC, JOB_NOTICES_TOPIC];
export const WEBHOOK_DELIVERY_GROUP = 'webhook-delivery';

/** Consumes the relay's job events and notices (docs/contracts.md) and schedules webhook deliveries for the finished and expiring ones. */
@Injectable()
export class JobEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('webhook-delivery');
  private consumer?: BusConsumer;

  constructor(
    private readonly bus: MessageBus,
    private readonly deliveries: JobDeliveries,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics(TOPICS);
    this.consumer = await this.bus.subscribe(
      // Scheduling is a few appends per event, so a handful in parallel keeps up with bulk job bursts.
      { groupId: WEBHOOK_DELIVERY_GROUP, topics: TOPICS, concurrency: 4 },
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

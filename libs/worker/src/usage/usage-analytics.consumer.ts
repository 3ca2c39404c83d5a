import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic } from '@lib/messaging';
import { ReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, USAGE_TOPICS, UsageFactDoc, usageFactOf } from '@lib/accounts';

/** The analytics consumer of the events.* topics: one usage fact per call event (see usage-fact.ts). */
@Injectable()
export class UsageAnalyticsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer: BusConsumer | null = null;

  constructor(private readonly bus: MessageBus, private readonly readStore: ReadStore) {}

  async onApplicationBootstrap(): Promise<void> {
    const topics = USAGE_TOPICS.map(relayTopic);
    await this.bus.ensureTopics(topics);
    await this.readStore.collection<UsageFactDoc>(USAGE_FACTS_COLLECTION).ensureIndex({ accountId: 1, day: 1 });
    this.consumer = await this.bus.subscribe({ groupId: 'usage-analytics', topics, concurrency: 4 }, (m) => this.handle(m));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const fact = usageFactOf(message.value);
    if (fact) await this.readStore.collection<UsageFactDoc>(USAGE_FACTS_COLLECTION).upsert(fact);
  }
}

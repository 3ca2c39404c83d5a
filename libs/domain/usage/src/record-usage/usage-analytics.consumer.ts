import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Upcasters } from '@lib/common';
import { FINDER_CALL_UPCASTERS, FINDER_JOB_UPCASTERS } from '@lib/finder';
import { VERIFICATION_JOB_UPCASTERS } from '@lib/verification-jobs';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic, upcastRelayed } from '@lib/messaging';
import { ReadStore } from '@lib/readstore';
import { CallEvent, USAGE_FACTS_COLLECTION, USAGE_TOPICS, UsageFactDoc, usageFactOf } from './usage-fact';

/**
 * The upcasters of the aggregate that writes each call event a usage fact is made of: one topic carries
 * several aggregates (events.jobs both job kinds), so the stored type picks them. EmailVerified and
 * BatchVerified have none: verification-<id> streams have no decider (and no older shape) yet.
 */
const CALL_EVENT_UPCASTERS: Readonly<Record<string, Upcasters<CallEvent>>> = {
  ChunkCompleted: VERIFICATION_JOB_UPCASTERS,
  FinderChunkCompleted: FINDER_JOB_UPCASTERS,
  EmailFound: FINDER_CALL_UPCASTERS,
  EmailNotFound: FINDER_CALL_UPCASTERS,
};

/** The analytics consumer of the events.* topics: one usage fact per call event (see usage-fact.ts). */
@Injectable()
export class UsageAnalyticsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer: BusConsumer | null = null;

  constructor(
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const topics = USAGE_TOPICS.map(relayTopic);
    await this.bus.ensureTopics(topics);
    await this.readStore.collection<UsageFactDoc>(USAGE_FACTS_COLLECTION).ensureIndex({ accountId: 1, day: 1 });
    this.consumer = await this.bus.subscribe({ groupId: 'usage-analytics', topics, concurrency: 4 }, (m) =>
      this.handle(m),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const type = message.value.type;
    const fact = usageFactOf(
      upcastRelayed<CallEvent>(
        message.value,
        Object.hasOwn(CALL_EVENT_UPCASTERS, type) ? CALL_EVENT_UPCASTERS[type] : undefined,
      ),
    );
    if (fact) await this.readStore.collection<UsageFactDoc>(USAGE_FACTS_COLLECTION).insertNew([fact]);
  }
}

import type { BusConsumer } from '../message-bus.port';
import type { KafkaBusConsumer } from './kafka-bus-consumer';

/**
 * One `subscribe` call on Kafka: a member of the consumer group per partition, sharing the subscription's
 * handler slots. A kafkajs member fetches, hands the batches to its workers and fetches again only once every
 * batch of that fetch is handled (its fetcher in kafkajs 2.2.4), so with all partitions in one member a
 * message published after a fetch waited for the slowest message of that fetch even while most slots were
 * idle: a second worker process gained x1.4 on a list of slow mail servers instead of x1.7
 * (docs/production.md). A member that owns one partition waits only for that partition, which is worked one
 * message at a time anyway. `partitionDealer` keeps the members of one subscription together when dealing.
 */
export class KafkaSubscription implements BusConsumer {
  private stopped?: Promise<void>;

  constructor(private readonly members: KafkaBusConsumer[]) {}

  /** Joins every member at once (one rebalance rather than one per member); on any failure stops them all. */
  async start(): Promise<void> {
    const joined = await Promise.allSettled(this.members.map((member) => member.start()));
    const failure = joined.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) {
      await this.stop().catch(() => undefined);
      throw failure.reason;
    }
  }

  /** Stops every member; each lets its in-flight message finish and commit first. */
  stop(): Promise<void> {
    this.stopped ??= Promise.all(this.members.map((member) => member.stop())).then(() => undefined);
    return this.stopped;
  }
}

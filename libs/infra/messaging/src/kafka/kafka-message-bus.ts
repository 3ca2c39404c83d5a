import {
  ConfigResourceTypes,
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type KafkaMessage,
  type LogEntry,
  type Producer,
  PartitionAssigners,
} from 'kafkajs';
import {
  deadLetterTopic,
  EnsureTopicsOptions,
  MessageBus,
  type BusConsumer,
  type IncomingMessage,
  type OutgoingMessage,
  type SubscribeOptions,
} from '../message-bus.port';
import { randomUUID } from 'node:crypto';
import { BusObserver, SILENT_BUS_OBSERVER } from '../bus-observer';
import { partitionDealer } from './partition-dealer';
import { KafkaBusConsumer } from './kafka-bus-consumer';
import { KafkaSubscription } from './kafka-subscription';
import { HandlerSlots } from '../handler-slots';
import { isOnlyTopicExists, waitForTopicLeaders } from './topic-readiness';
import { deadLetterHeaders, encode } from './kafka-codec';

/**
 * Group members one subscription runs at most: each holds a few connections to the brokers, and past this
 * a member gets several partitions (and fetches for them together) rather than one.
 */
const MAX_MEMBERS_PER_SUBSCRIPTION = 64;

/** Longest a topic segment stays open: the broker deletes whole closed segments, so this bounds the overshoot. */
const SEGMENT_MS = 60 * 60 * 1000;

export interface KafkaMessageBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of topics this bus creates. Default 4. */
  partitions?: number;
  /** Replicas of topics this bus creates; default -1 = the broker's default.replication.factor. */
  replicationFactor?: number;
  /**
   * retention.ms of the topics this bus creates or ensures (BUS_RETENTION_HOURS), with segment.ms at most
   * an hour so that old messages leave closed segments the broker can delete; unset: the broker's defaults.
   */
  retentionMs?: number;
  /** A member that misses heartbeats this long loses its partitions. Default 30 s; the broker accepts 6 s to 30 min by default. */
  sessionTimeoutMs?: number;
  /** How long ping() waits. Default 3 s. */
  pingTimeoutMs?: number;
  log?: (message: string) => void;
  /** Told about every delivery's outcome (metrics). */
  observer?: BusObserver;
}

/**
 * The message bus on Kafka (kafkajs). Publishing waits for all in-sync replicas (acks=-1); consumers
 * commit manually after their handler succeeds; failed messages are retried with backoff and then
 * published to `<topic>.dlq` and committed.
 */
export class KafkaMessageBus extends MessageBus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private connecting?: Promise<void>;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private readonly retentionApplied = new Set<string>();
  private readonly log: (message: string) => void;

  constructor(private readonly options: KafkaMessageBusOptions) {
    super();
    this.log = options.log ?? ((message) => console.warn(`[kafka] ${message}`));
    // kafkajs logs through the same sink as the adapter, so tests and apps decide what is shown.
    const logCreator = () => (entry: LogEntry) => {
      // Every member of a subscription is told so on each rebalance, and rejoins: expected, and noise times members.
      if (entry.namespace === 'Connection' && /rebalancing/i.test(String(entry.log.error ?? ''))) return;
      this.log(`kafkajs ${entry.namespace}: ${entry.log.message}${entry.log.error ? ` (${entry.log.error})` : ''}`);
    };
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.ERROR,
      logCreator,
    });
    // The Java client's murmur2 partitioner: a key lands on the same partition whichever client published it.
    this.producer = this.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
    this.admin = this.kafka.admin();
  }

  /** Creates the missing topics with the configured partitions (or `minPartitions`); existing topics are left as they are. */
  async ensureTopics(topics: string[], options: EnsureTopicsOptions = {}): Promise<void> {
    await this.connect();
    const wanted = [...new Set(topics)];
    const existing = new Set(await this.admin.listTopics());
    const missing = wanted.filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      // Resolves false, rather than failing, when another process created a topic first.
      await this.admin
        .createTopics({
          waitForLeaders: false,
          topics: missing.map((topic) => ({
            topic,
            numPartitions: Math.max(this.options.partitions ?? 4, options.minPartitions ?? 0),
            replicationFactor: this.options.replicationFactor ?? -1,
            configEntries: this.topicConfig(),
          })),
        })
        .catch((error: unknown) => {
          if (!isOnlyTopicExists(error)) throw error;
        });
    }
    await waitForTopicLeaders(this.admin, wanted);
    await this.applyRetention(wanted.filter((topic) => existing.has(topic)));
  }

  /** The retention entries of the app's topics (docs/personal-data.md, The bus). */
  private topicConfig(): Array<{ name: string; value: string }> {
    const retentionMs = this.options.retentionMs;
    if (!retentionMs) return [];
    return [
      { name: 'retention.ms', value: String(retentionMs) },
      { name: 'segment.ms', value: String(Math.min(retentionMs, SEGMENT_MS)) },
    ];
  }

  /**
   * Topics created before the retention was configured (or with another) get it too, once per process: the
   * chunks carry addresses, and a topic's overrides are what the broker deletes by.
   */
  private async applyRetention(topics: string[]): Promise<void> {
    const entries = this.topicConfig();
    const pending = topics.filter((topic) => !this.retentionApplied.has(topic));
    if (entries.length === 0 || pending.length === 0) return;
    try {
      await this.admin.alterConfigs({
        validateOnly: false,
        resources: pending.map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configEntries: entries })),
      });
    } catch (error) {
      // A broker that refuses (no ALTER_CONFIGS right on a managed cluster) must not stop the app: the
      // operator sets the topics' retention there (docs/production.md, Kafka retention).
      this.log(`could not set the retention of ${pending.join(', ')}: ${String(error)}`);
    }
    for (const topic of pending) this.retentionApplied.add(topic);
  }

  /** Resolves once every in-sync replica has the messages. */
  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    await this.connect();
    await this.producer.send({ topic, acks: -1, messages: messages.map(encode) });
  }

  /**
   * Joins the consumer group with one member per partition of the topics (up to MAX_MEMBERS_PER_SUBSCRIPTION)
   * sharing the subscription's handler slots, or one member when handlers run one at a time (see KafkaSubscription);
   * its dead-letter topics are created first so a poison message always has a place to go.
   */
  async subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer> {
    await this.ensureTopics(options.topics.map(deadLetterTopic));
    const slots = new HandlerSlots(options.concurrency ?? 1, options.maxConcurrency);
    const atMost = slots.maxSize;
    const partitions = await this.partitionCount(options.topics);
    const members = atMost === 1 ? 1 : Math.max(1, Math.min(partitions, MAX_MEMBERS_PER_SUBSCRIPTION));
    const partitionsAtOnce = Math.max(1, Math.min(atMost, Math.ceil(partitions / members)));
    const name = `${options.groupId}/${randomUUID()}`;
    const subscription = new KafkaSubscription(
      Array.from({ length: members }, () => this.member(name, options, partitionsAtOnce, slots, handler)),
    );
    this.subscriptions.add(subscription);
    try {
      await subscription.start();
    } catch (error) {
      this.subscriptions.delete(subscription);
      throw error;
    }
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /** One group member of the subscription `name`. */
  private member(
    name: string,
    options: SubscribeOptions,
    partitionsAtOnce: number,
    slots: HandlerSlots,
    handler: (message: IncomingMessage) => Promise<void>,
  ): KafkaBusConsumer {
    const sessionTimeout = this.options.sessionTimeoutMs ?? 30_000;
    return new KafkaBusConsumer(
      () =>
        this.kafka.consumer({
          groupId: options.groupId,
          sessionTimeout,
          // kafkajs beats every 3 s; a short session needs a few beats per timeout to survive one lost beat.
          heartbeatInterval: Math.min(3000, Math.floor(sessionTimeout / 3)),
          allowAutoTopicCreation: false,
          // Partitions dealt in number order; the stock round-robin stays listed for members of an older release.
          partitionAssigners: [partitionDealer(name), PartitionAssigners.roundRobin],
          // The member restarts a crashed consumer itself, with a growing pause, on a new one (KafkaBusConsumer).
          retry: { retries: 5, restartOnFailure: async () => false },
        }),
      options,
      partitionsAtOnce,
      slots,
      handler,
      (topic, partition, message, attempts, error) => this.deadLetter(topic, partition, message, attempts, error),
      this.log,
      this.options.observer ?? SILENT_BUS_OBSERVER,
    );
  }

  /** Partitions of the topics together: more members than that would sit idle. */
  private async partitionCount(topics: string[]): Promise<number> {
    await this.connect();
    const metadata = await this.admin.fetchTopicMetadata({ topics });
    return metadata.topics.reduce((sum, topic) => sum + topic.partitions.length, 0);
  }

  /** True when a broker answers a metadata request within the timeout. */
  /** Kafka cannot delete one message: the topics' retention removes them (docs/personal-data.md). */
  async forgetMessages(): Promise<number> {
    return 0;
  }

  async forgetMessagesHolding(): Promise<number> {
    return 0;
  }

  async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>(
      (resolve) => (timer = setTimeout(() => resolve(false), this.options.pingTimeoutMs ?? 3000)),
    );
    const answer = this.connect()
      .then(() => this.admin.describeCluster())
      .then(
        (cluster) => cluster.brokers.length > 0,
        () => false,
      );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops every subscription (each finishing its in-flight messages), then disconnects the producer and admin. */
  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await Promise.all([this.producer.disconnect(), this.admin.disconnect()]);
    this.connecting = undefined;
  }

  /** The original bytes go to the dead-letter topic, with where they came from and why they failed in headers. */
  private async deadLetter(
    topic: string,
    partition: number,
    message: KafkaMessage,
    attempts: number,
    error: unknown,
  ): Promise<void> {
    await this.connect();
    await this.producer.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: deadLetterHeaders(topic, partition, message, attempts, error),
        },
      ],
    });
  }

  /** Connects the producer and admin once; a failed attempt is forgotten so the next call retries. */
  private connect(): Promise<void> {
    if (!this.connecting) {
      this.connecting = Promise.all([this.producer.connect(), this.admin.connect()]).then(
        () => undefined,
        (error) => {
          this.connecting = undefined;
          throw error;
        },
      );
    }
    return this.connecting;
  }
}

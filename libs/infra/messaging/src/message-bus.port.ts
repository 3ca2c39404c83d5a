export interface OutgoingMessage {
  /** Messages with one key keep their order and go to one consumer at a time. */
  key: string;
  /**
   * The partition to write to instead of the key's, below the topic's partition count (at least the
   * `minPartitions` it was ensured with). A group deals partitions to its members in turn (partition p to
   * member p mod members), so messages on consecutive partitions go to different members.
   */
  partition?: number;
  value: Record<string, unknown>;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are typed by the reader (the port stores any JSON); see CONTRIBUTING.md
export interface IncomingMessage<V = any> {
  topic: string;
  key: string;
  value: V;
  headers: Record<string, string>;
  /** 1 on first delivery; counts redeliveries after handler failures. */
  attempt: number;
  partition: number;
  offset: string;
}

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /** Failed deliveries of one message before it goes to `<topic>.dlq` and is committed. Default 5. */
  maxAttempts?: number;
  /** Base pause between redeliveries, doubled each attempt. Default 200 ms. */
  retryDelayMs?: number;
  /** Handlers running at once across different keys (one key is never handled concurrently). Default 1. */
  concurrency?: number;
  /**
   * Handlers that may run at once while this process's event loop has time to spare: for handlers that mostly
   * wait on remote peers, which then finish sooner the more run at once, while handlers that keep the loop busy
   * stay at `concurrency`. Default `concurrency`.
   */
  maxConcurrency?: number;
}

export interface EnsureTopicsOptions {
  /**
   * Partitions of the topics this call creates, when more than the bus's configured count. A consumer
   * group works one message per partition at a time, so a consumer's concurrency is only reachable across
   * at least as many partitions. A topic that exists keeps its count.
   */
  minPartitions?: number;
}

export interface BusConsumer {
  /** Stops fetching, waits for in-flight handlers to finish and commit, then resolves. */
  stop(): Promise<void>;
}

/**
 * The message bus port (Kafka in production). At-least-once: an offset is committed only after the
 * handler resolves, so a crash redelivers; handlers must be idempotent.
 */
export abstract class MessageBus {
  /** Ensures topics exist (with the configured partition count, or `minPartitions`); safe to call repeatedly. */
  abstract ensureTopics(topics: string[], options?: EnsureTopicsOptions): Promise<void>;
  /** Publishes durably: resolves once the broker (or embedded log) has stored the messages. */
  abstract publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  /**
   * Publishes like `publish` (stored, in order, delivered at once), but durable against a power cut only
   * once a `sync` called after it has resolved: for a publisher that can publish again whatever a power cut
   * takes (the event relay re-reads the event log, its checkpoint kept behind its last sync), so that its
   * batches share one durable write. A broker whose every publish is durable (Kafka) just publishes.
   */
  publishUnsynced(topic: string, messages: OutgoingMessage[]): Promise<void> {
    return this.publish(topic, messages);
  }
  /** Makes every publish that resolved before this call durable (see publishUnsynced). */
  sync(): Promise<void> {
    return Promise.resolve();
  }
  /** Joins a consumer group; members of one group share the topic's partitions. */
  abstract subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer>;
  /**
   * Erasure: deletes the stored messages of every topic whose value holds `value` at one of `fields` (a
   * dotted path, e.g. `jobId` or `data.jobId`); answers how many. Meant for messages already handled (an
   * ended job's). A broker that cannot delete single messages (Kafka) deletes nothing and answers 0: there
   * the topics' retention (docs/personal-data.md) is what removes them. `exceptTopics`: topics left alone
   * (an account's closure keeps the messages other consumers still need: the ledger's, the team's).
   */
  abstract forgetMessages(fields: string[], value: string | number, exceptTopics?: string[]): Promise<number>;
  /**
   * Erasure of one address: deletes the stored messages of every topic whose value holds `text` anywhere,
   * compared case-folded (a chunk's items, a relayed verification); answers how many. Like forgetMessages,
   * a broker that cannot delete single messages (Kafka) answers 0 and leaves it to the topics' retention.
   */
  abstract forgetMessagesHolding(text: string): Promise<number>;
  /** Whether the bus answers; used by /ready. */
  abstract ping(): Promise<boolean>;
  abstract close(): Promise<void>;
}

/** The dead-letter topic of a topic. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

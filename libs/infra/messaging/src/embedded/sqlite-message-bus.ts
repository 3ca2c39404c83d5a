import { BusObserver, SILENT_BUS_OBSERVER } from '../bus-observer';
import {
  BusConsumer,
  deadLetterTopic,
  EnsureTopicsOptions,
  IncomingMessage,
  MessageBus,
  OutgoingMessage,
  SubscribeOptions,
} from '../message-bus.port';
import { ConsumerGroup } from './consumer-group';
import { ExternalWrites } from './external-writes';
import { GroupMember } from './group-member';
import { LogRetention } from './log-retention';
import { LoggedMessage, TopicAppend, TopicLog } from './topic-log';
import { GroupOutcome, SameTurnGroups, WakeSignal } from '@lib/common';

/** One publish call; `synced` false for publishUnsynced. */
type SyncedAppend = TopicAppend & { synced: boolean };

export interface SqliteMessageBusOptions {
  /** Partitions of a new topic. Default 4. */
  partitions?: number;
  /** How often idle consumers look for messages published by other processes. Default 200 ms. */
  pollIntervalMs?: number;
  /** Age after which messages every group has read are deleted; 0 (the default) keeps the log forever. */
  retentionMs?: number;
  /** Pause between retention passes. Default 60 s. */
  retentionIntervalMs?: number;
  /** Messages deleted per retention transaction. Default 500. */
  retentionBatchSize?: number;
  /** The clock stamped on published messages and used by retention. Default Date.now. */
  now?: () => number;
  /** Told about every delivery's outcome (metrics). */
  observer?: BusObserver;
}

/**
 * The embedded message bus: Kafka's semantics over a SQLite file. Accepted messages are on disk before
 * `publish` resolves; offsets are committed per group and partition only after the handler succeeded, so
 * a crash redelivers rather than loses. Publishes called in the same turn of the event loop (the relay's
 * topics of one batch, handlers finishing together) are written in one transaction, one fsync, each still
 * accepted or refused on its own. Consumers in this process are woken at once on publish, only those of the
 * partitions written to; those in other processes notice within the poll interval.
 * Group membership is per process: two processes consuming with the same group id would both receive
 * every message, so run one consuming process per group (the all-in-one and worker apps do).
 * Retention (`retentionMs` > 0): every `retentionIntervalMs` a background pass deletes, in small
 * transactions, messages published more than `retentionMs` ago that lie below the committed offset of every
 * group that has subscribed to the topic (a topic nobody subscribed to is trimmed by age alone). A message
 * some group has not committed is never deleted, and each partition keeps its newest message so offsets
 * go on from it. Freed pages are reused by later appends (WAL); files created since retention existed also
 * hand some back to the file system (incremental vacuum). A group that will never consume again still holds
 * its topic's log: delete its rows from the `offsets` table.
 */
export class SqliteMessageBus extends MessageBus {
  private readonly log: TopicLog;
  private readonly signals = new Map<string, WakeSignal>();
  private readonly groups = new Map<string, ConsumerGroup>();
  private readonly consumers = new Set<BusConsumer>();
  private readonly retention?: LogRetention;
  private readonly externalWrites: ExternalWrites;
  private readonly publishGroups = new SameTurnGroups<SyncedAppend, void>((group) => this.writeGroup(group));

  constructor(
    filePath: string,
    private readonly options: SqliteMessageBusOptions = {},
  ) {
    super();
    const now = options.now ?? Date.now;
    this.log = new TopicLog(filePath, options.partitions ?? 4, now);
    this.externalWrites = new ExternalWrites(this.log, options.pollIntervalMs ?? 200, () => {
      for (const signal of this.signals.values()) signal.notify();
    });
    if (options.retentionMs && options.retentionMs > 0) {
      this.retention = new LogRetention(this.log, {
        retentionMs: options.retentionMs,
        intervalMs: options.retentionIntervalMs ?? 60_000,
        batchSize: options.retentionBatchSize ?? 500,
        now,
      });
      this.retention.start();
    }
  }

  override async ensureTopics(topics: string[], options: EnsureTopicsOptions = {}): Promise<void> {
    for (const topic of topics) this.log.partitions(topic, options.minPartitions);
  }

  /** Joins the group written at the end of this turn of the event loop; resolves once it is on disk. */
  override async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    return this.publishGroups.add({ topic, messages, synced: true });
  }

  /** Joins the same group; a group of unsynced publishes alone is committed without an fsync. */
  override async publishUnsynced(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    return this.publishGroups.add({ topic, messages, synced: false });
  }

  /** One synced write: the WAL is synced in order, so every earlier commit is durable with it. */
  override async sync(): Promise<void> {
    this.publishGroups.flush();
    this.log.sync();
  }

  /** Joins the group in this process; partitions are shared among the group's live members. */
  override async subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer> {
    const member = new GroupMember(
      [...new Set(options.topics)],
      options,
      handler,
      (message, error, attempts) => this.deadLetter(message, error, attempts),
      this.options.observer ?? SILENT_BUS_OBSERVER,
    );
    const group = this.groupOf(options.groupId);
    this.externalWrites.start();
    await group.join(member);
    const consumer: BusConsumer = {
      stop: async () => {
        if (!this.consumers.delete(consumer)) return;
        await group.leave(member);
      },
    };
    this.consumers.add(consumer);
    return consumer;
  }

  override async forgetMessages(
    fields: string[],
    value: string | number,
    exceptTopics: string[] = [],
  ): Promise<number> {
    return this.log.forget(fields, value, exceptTopics);
  }

  override async forgetMessagesHolding(text: string): Promise<number> {
    return this.log.forgetHolding(text);
  }

  override async ping(): Promise<boolean> {
    try {
      return this.log.ping();
    } catch {
      return false;
    }
  }

  /** Runs a retention pass now (it also runs on its own schedule); resolves with the messages deleted, 0 when retention is off. */
  async trimLog(): Promise<number> {
    return this.retention ? this.retention.runOnce() : 0;
  }

  /** Stops retention and every consumer (waiting for in-flight handlers) before closing the file. */
  override async close(): Promise<void> {
    this.publishGroups.flush();
    await this.retention?.stop();
    await Promise.all([...this.consumers].map((c) => c.stop()));
    this.externalWrites.stop();
    this.publishGroups.flush(); // what stopping handlers published
    this.log.close();
  }

  /** Writes one group and wakes the partitions each stored publish wrote to, before its caller hears. */
  private writeGroup(group: SyncedAppend[]): GroupOutcome<void>[] {
    return this.log
      .append(
        group,
        group.some((append) => append.synced),
      )
      .map((outcome, i) => {
        if (!outcome.ok) return outcome;
        for (const partition of outcome.result) this.signalOf(group[i].topic, partition).notify();
        return { ok: true, result: undefined };
      });
  }

  private async deadLetter(message: LoggedMessage, error: unknown, attempts: number): Promise<void> {
    const headers = {
      ...message.headers,
      'x-dlq-original-topic': message.topic,
      'x-dlq-original-partition': String(message.partition),
      'x-dlq-original-offset': String(message.offset),
      'x-dlq-attempts': String(attempts),
      'x-dlq-error': error instanceof Error ? error.message : String(error),
    };
    await this.publish(deadLetterTopic(message.topic), [{ key: message.key, value: message.value, headers }]);
  }

  private groupOf(groupId: string): ConsumerGroup {
    let group = this.groups.get(groupId);
    if (!group) {
      group = new ConsumerGroup(groupId, this.log, (topic, partition) => this.signalOf(topic, partition));
      this.groups.set(groupId, group);
    }
    return group;
  }

  /** Wakes the workers of one partition (of every group): a publish wakes only the partitions it wrote to. */
  private signalOf(topic: string, partition: number): WakeSignal {
    const key = `${topic}\u0000${partition}`;
    let signal = this.signals.get(key);
    if (!signal) {
      signal = new WakeSignal();
      this.signals.set(key, signal);
    }
    return signal;
  }
}

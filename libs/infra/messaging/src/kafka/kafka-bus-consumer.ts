import type { Consumer, EachMessagePayload, KafkaMessage } from 'kafkajs';
import type { BusObserver } from '../bus-observer';
import type { BusConsumer, IncomingMessage, SubscribeOptions } from '../message-bus.port';
import { decode, UndecodableMessageError } from './kafka-codec';
import type { HandlerSlots } from '../handler-slots';

export type DeadLetter = (
  topic: string,
  partition: number,
  message: KafkaMessage,
  attempts: number,
  error: unknown,
) => Promise<void>;

const REJOIN_FIRST_DELAY_MS = 2_000;
const REJOIN_MAX_DELAY_MS = 30_000;
/** kafkajs beats only between batches; a message that waits or runs longer beats on its own this often. */
const HEARTBEAT_MS = 3_000;

/** An interruptible pause, so stop() does not wait out a retry backoff. */
class Pauses {
  private readonly wakers = new Set<() => void>();
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
  interruptAll(): void {
    for (const wake of [...this.wakers]) wake();
  }
}

/**
 * One consumer-group member of a subscription (see KafkaSubscription). kafkajs hands each partition's
 * messages to eachMessage one at a time (so a key, which maps to one partition, is never handled
 * concurrently) and up to `partitionsAtOnce` of its partitions at once; a handler runs only while it holds
 * one of the subscription's slots. The offset is committed only after the handler succeeded, or after the
 * message was dead-lettered; a crash in between redelivers it.
 */
export class KafkaBusConsumer implements BusConsumer {
  private stopping = false;
  private stopped?: Promise<void>;
  private readonly pauses = new Pauses();
  private readonly inFlight = new Set<Promise<void>>();
  private rejoinDelayMs = REJOIN_FIRST_DELAY_MS;
  /** The kafkajs consumer the member runs on now; undefined between a crash and the next join. */
  private current?: Consumer;

  /** `newConsumer` must build kafkajs consumers that never restart themselves (retry.restartOnFailure false): this class does. */
  constructor(
    private readonly newConsumer: () => Consumer,
    private readonly options: SubscribeOptions,
    private readonly partitionsAtOnce: number,
    private readonly slots: HandlerSlots,
    private readonly handler: (message: IncomingMessage) => Promise<void>,
    private readonly deadLetter: DeadLetter,
    private readonly log: (message: string) => void,
    private readonly observer: BusObserver,
  ) {}

  /** Connects, joins the group and starts consuming; resolves once the member is running. */
  async start(): Promise<void> {
    await this.join();
  }

  /** Joins the group on a fresh kafkajs consumer. */
  private async join(): Promise<void> {
    const consumer = this.newConsumer();
    this.current = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (consumer !== this.current || this.stopping) return;
      this.current = undefined;
      void this.rejoinAfterCrash(consumer, payload.error);
    });
    consumer.on(consumer.events.GROUP_JOIN, () => (this.rejoinDelayMs = REJOIN_FIRST_DELAY_MS));
    await consumer.connect();
    // A group without committed offsets starts at the beginning: nothing published before the first worker is lost.
    await consumer.subscribe({ topics: this.options.topics, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: this.partitionsAtOnce,
      eachMessage: (payload) => this.track(this.handle(consumer, payload)),
    });
    // A member stopped while it joined again: stop() disconnected the consumer before run() connected it anew.
    if (this.stopping) await consumer.disconnect();
  }

  /**
   * After any crash, joins again on a new kafkajs consumer after a pause that doubles (up to a limit) while
   * the member keeps failing, until it is back or the member stops. kafkajs on its own gives up after a
   * non-retriable crash (INCONSISTENT_GROUP_PROTOCOL while members offering other assigners hold the group, as
   * after a broker restart), and after a retriable one restarts the same consumer every 300-400 ms without
   * end: while a restarted broker elects and loads its group coordinators (NOT_COORDINATOR,
   * COORDINATOR_LOAD_IN_PROGRESS) every member of every subscription (a worker runs over a hundred) then
   * reconnects and asks again a few times a second, and each member that joined a pending rebalance before
   * crashing again is one more the rebalance waits for until its session ends. The pause is jittered so that
   * members that crashed together do not come back together.
   */
  private async rejoinAfterCrash(crashed: Consumer, error: unknown): Promise<void> {
    if (this.stopping) return;
    const delayMs = this.rejoinDelayMs;
    this.rejoinDelayMs = Math.min(delayMs * 2, REJOIN_MAX_DELAY_MS);
    const waitMs = Math.round(delayMs / 2 + (Math.random() * delayMs) / 2);
    this.log(
      `${this.options.groupId}: kafkajs stopped the member (${(error as Error)?.message ?? error}); joining again in ${waitMs} ms`,
    );
    // kafkajs disconnects a crashed consumer itself; one whose connect failed may still hold sockets.
    await crashed.disconnect().catch(() => undefined);
    await this.pauses.wait(waitMs);
    if (this.stopping) return;
    try {
      await this.join();
    } catch (failure) {
      // A join that fails at once (the broker unreachable) is tried again; one that crashes later comes back through CRASH.
      const failed = this.current;
      this.current = undefined;
      if (failed) await this.rejoinAfterCrash(failed, failure);
    }
  }

  /** Stops fetching, lets in-flight handlers finish and commit, then leaves the group. */
  stop(): Promise<void> {
    this.stopped ??= this.shutdown();
    return this.stopped;
  }

  private async shutdown(): Promise<void> {
    this.stopping = true;
    try {
      this.current?.pause(this.options.topics.map((topic) => ({ topic })));
    } catch {
      // Not running yet (stop during start): there is nothing to pause.
    }
    // A message waiting to be retried is left uncommitted: the partition's next owner redelivers it.
    this.pauses.interruptAll();
    // kafkajs drops commits once its runner is stopping, so in-flight handlers finish and commit before disconnect.
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.current?.disconnect();
  }

  private track(handling: Promise<void>): Promise<void> {
    this.inFlight.add(handling);
    return handling.finally(() => this.inFlight.delete(handling));
  }

  /** Beats while the message waits for a slot, runs or waits out a retry, so a long one does not cost the member its partitions. */
  private async handle(
    consumer: Consumer,
    { topic, partition, message, heartbeat }: EachMessagePayload,
  ): Promise<void> {
    if (this.stopping) return;
    const beat = setInterval(() => heartbeat().catch(() => undefined), HEARTBEAT_MS);
    try {
      await this.deliver(consumer, topic, partition, message);
    } finally {
      clearInterval(beat);
    }
  }

  /** `consumer` is the kafkajs consumer that delivered the message: only its group generation may commit it. */
  private async deliver(consumer: Consumer, topic: string, partition: number, message: KafkaMessage): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    const baseDelay = this.options.retryDelayMs ?? 200;
    for (let attempt = 1; ; attempt++) {
      const release = await this.slots.take();
      // A message that waited for a slot while the member stopped stays uncommitted: the next owner has it.
      if (this.stopping) return release();
      const error = await this.attempt(topic, partition, message, attempt).finally(release);
      if (error === undefined) {
        this.observer.consumed(topic, this.options.groupId);
        return this.commit(consumer, topic, partition, message.offset);
      }
      this.observer.failed(topic, this.options.groupId);
      const final = attempt >= maxAttempts || error instanceof UndecodableMessageError;
      this.log(
        `${topic}[${partition}]@${message.offset} attempt ${attempt}/${maxAttempts} failed: ${(error as Error)?.message ?? error}`,
      );
      if (final) {
        await this.deadLetter(topic, partition, message, attempt, error);
        this.observer.deadLettered(topic, this.options.groupId);
        return this.commit(consumer, topic, partition, message.offset);
      }
      await this.pauses.wait(baseDelay * 2 ** (attempt - 1));
      if (this.stopping) return;
    }
  }

  /** Runs the handler once; resolves with what it threw, or undefined. */
  private async attempt(topic: string, partition: number, message: KafkaMessage, attempt: number): Promise<unknown> {
    try {
      await this.handler(decode(topic, partition, message, attempt));
      return undefined;
    } catch (error) {
      return error ?? new Error('handler rejected without a reason');
    }
  }

  /** Commits the offset after this message. A failed commit (e.g. during a rebalance) means a redelivery, which handlers tolerate. */
  private async commit(consumer: Consumer, topic: string, partition: number, offset: string): Promise<void> {
    try {
      await consumer.commitOffsets([{ topic, partition, offset: (BigInt(offset) + 1n).toString() }]);
    } catch (error) {
      this.log(
        `commit of ${topic}[${partition}]@${offset} failed (${(error as Error).message}); it will be redelivered`,
      );
    }
  }
}

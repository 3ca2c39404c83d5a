import { Logger } from '@nestjs/common';
import type { BusObserver } from '../bus-observer';
import type { IncomingMessage, SubscribeOptions } from '../message-bus.port';
import type { LoggedMessage } from './topic-log';
import { WakeSignal } from '@lib/common';
import { HandlerSlots } from '../handler-slots';

/** Sends a message that exhausted its attempts to the dead-letter topic. */
export type DeadLetter = (message: LoggedMessage, error: unknown, attempts: number) => Promise<void>;

/**
 * One subscriber of a consumer group: its handler, retry policy and handler slots. Partition workers
 * hand it messages; it retries with exponential backoff, dead-letters after `maxAttempts`, and commits only
 * once the message is settled.
 */
export class GroupMember {
  stopping = false;
  private active = 0;
  private readonly changed = new WakeSignal();
  private readonly logger = new Logger('MessageBus');
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly slots: HandlerSlots;
  private readonly groupId: string;

  constructor(
    readonly topics: string[],
    options: SubscribeOptions,
    private readonly handler: (message: IncomingMessage) => Promise<void>,
    private readonly deadLetter: DeadLetter,
    private readonly observer: BusObserver,
  ) {
    this.groupId = options.groupId;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.slots = new HandlerSlots(options.concurrency ?? 1, options.maxConcurrency);
  }

  /**
   * Delivers until the handler succeeds or the message is dead-lettered, then commits; true when committed,
   * false when this member began stopping first (the message stays uncommitted for the next owner).
   */
  async process(message: LoggedMessage, commit: () => void): Promise<boolean> {
    if (this.stopping) return false;
    // What retention or an erasure emptied (a partition's newest message stays, without content): nothing to handle.
    if (isEmptied(message.value)) {
      commit();
      return true;
    }
    const release = await this.slots.take();
    // A message that waited for a slot while the member stopped stays uncommitted for the next owner.
    if (this.stopping) {
      release();
      return false;
    }
    this.active += 1;
    try {
      for (let attempt = 1; !this.stopping; attempt += 1) {
        try {
          await this.handler({ ...message, offset: String(message.offset), attempt });
          commit();
          this.observer.consumed(message.topic, this.groupId);
          return true;
        } catch (error) {
          this.observer.failed(message.topic, this.groupId);
          if (attempt >= this.maxAttempts) {
            await this.deadLetter(message, error, attempt);
            commit();
            this.observer.deadLettered(message.topic, this.groupId);
            return true;
          }
          this.logger.warn(
            `${message.topic}[${message.partition}]@${message.offset} attempt ${attempt} failed: ${String(error)}`,
          );
          await this.changed.wait(this.retryDelayMs * 2 ** (attempt - 1));
        }
      }
      return false;
    } finally {
      release();
      this.active -= 1;
      this.changed.notify();
    }
  }

  /** Stops taking messages and cuts retry pauses short; resolves when no handler of this member runs. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.changed.notify();
    while (this.active > 0) await this.changed.wait(1000);
  }
}

/** The value topic-log.ts leaves in a partition's newest message once it expired or was erased. */
function isEmptied(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 1 &&
    ((value as Record<string, unknown>).expired === true || (value as Record<string, unknown>).erased === true)
  );
}

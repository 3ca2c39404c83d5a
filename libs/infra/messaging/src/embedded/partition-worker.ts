import type { GroupMember } from './group-member';
import type { TopicLog } from './topic-log';
import type { WakeSignal } from '@lib/common';

/** Messages read per fetch. */
const FETCH_LIMIT = 100;

/**
 * The only reader of one partition for one group in this process: it reads from the committed offset and
 * hands messages one by one to whichever member currently owns the partition. Because it waits for each
 * message to settle, a key is never handled twice at once and order per key holds across rebalances.
 */
export class PartitionWorker {
  private running = true;
  private readonly done: Promise<void>;

  constructor(
    private readonly log: TopicLog,
    private readonly groupId: string,
    private readonly topic: string,
    private readonly partition: number,
    private readonly ownerOf: () => GroupMember | null,
    private readonly published: WakeSignal,
  ) {
    this.done = this.run();
  }

  /** Resolves once the message in progress (if any) has settled. */
  async stop(): Promise<void> {
    this.running = false;
    this.published.notify();
    await this.done;
  }

  private async run(): Promise<void> {
    this.log.register(this.groupId, this.topic, this.partition);
    let offset = this.log.committed(this.groupId, this.topic, this.partition);
    while (this.running) {
      const signalled = this.published.notifications;
      const batch = this.log.fetch(this.topic, this.partition, offset, FETCH_LIMIT);
      if (batch.length === 0) {
        // Woken by a publish of this process, or by the bus noticing another process's write (ExternalWrites).
        await this.published.wait();
        continue;
      }
      let handled = 0;
      for (const message of batch) {
        const owner = this.ownerOf();
        if (!this.running || !owner) break;
        const next = message.offset + 1;
        const settled = await owner.process(message, () =>
          this.log.commit(this.groupId, this.topic, this.partition, next),
        );
        // Not settled: the owner is leaving; re-read from the same offset for the next owner.
        if (!settled) break;
        offset = next;
        handled += 1;
      }
      // A short batch, all handled, and no signal since it was read: the partition is drained, so wait
      // rather than read again to find nothing (a publish or another process's write signals).
      const drained = handled === batch.length && batch.length < FETCH_LIMIT;
      if (drained && this.running && this.published.notifications === signalled) await this.published.wait();
      // Nothing handled (no owner yet, or the owner leaving): give the turn back before reading again, so a
      // hand-over in progress can finish instead of this loop spinning on the same fetch.
      else if (handled === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

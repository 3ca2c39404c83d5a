import type { GroupMember } from './group-member';
import { PartitionWorker } from './partition-worker';
import type { TopicLog } from './topic-log';
import type { WakeSignal } from '@lib/common';

/**
 * The members of one consumer group in this process. Partition p of a topic belongs to member
 * p mod n among the n live members subscribed to that topic (in join order); the mapping is recomputed on
 * every hand-over, so joins and leaves rebalance without any message being handled by two members.
 */
export class ConsumerGroup {
  private readonly members: GroupMember[] = [];
  private readonly workers = new Map<string, PartitionWorker[]>();
  /** Workers still finishing their in-flight message after their topic lost its last member. */
  private readonly retiring = new Map<string, Promise<unknown>>();

  constructor(
    private readonly groupId: string,
    private readonly log: TopicLog,
    private readonly signalOf: (topic: string, partition: number) => WakeSignal,
  ) {}

  /** Adds the member and starts one worker per partition of each topic not yet consumed by the group. */
  async join(member: GroupMember): Promise<void> {
    // A retiring worker may still hold a message; a new worker must start after it commits.
    await Promise.all(member.topics.map((t) => this.retiring.get(t)));
    this.members.push(member);
    for (const topic of member.topics) {
      if (this.workers.has(topic)) continue;
      const partitions = Array.from({ length: this.log.partitions(topic) }, (_, p) => p);
      this.workers.set(
        topic,
        partitions.map(
          (p) =>
            new PartitionWorker(
              this.log,
              this.groupId,
              topic,
              p,
              () => this.ownerOf(topic, p),
              this.signalOf(topic, p),
            ),
        ),
      );
    }
  }

  /** Stops the member, hands its partitions over, and stops workers of topics nobody consumes any more. */
  async leave(member: GroupMember): Promise<void> {
    const stopped = member.stop();
    this.members.splice(this.members.indexOf(member), 1);
    const orphaned = member.topics.filter((t) => !this.members.some((m) => m.topics.includes(t)));
    await Promise.all(
      orphaned.map(async (topic) => {
        const workers = this.workers.get(topic) ?? [];
        this.workers.delete(topic);
        const retired = Promise.all(workers.map((w) => w.stop()));
        this.retiring.set(topic, retired);
        await retired;
        if (this.retiring.get(topic) === retired) this.retiring.delete(topic);
      }),
    );
    await stopped;
  }

  private ownerOf(topic: string, partition: number): GroupMember | null {
    const live = this.members.filter((m) => !m.stopping && m.topics.includes(topic));
    return live.length ? live[partition % live.length] : null;
  }
}

import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';

type Member = { memberId: string; memberMetadata?: Buffer };

/**
 * Deals partitions to subscriptions, then within each subscription to its members. A subscription (one
 * `subscribe` call in one process) runs several group members, because a kafkajs member fetches again only
 * once every batch of its last fetch is handled (see KafkaSubscription); it names itself in each member's
 * metadata. Partition p of a topic, in number order, goes to subscription p mod n (sorted by name), so
 * publishers that place messages on consecutive partitions to spread them over workers (job chunk lanes)
 * still reach different processes; inside a subscription its partitions go to its members in turn. The
 * stock round-robin deals them in the order the broker's metadata lists them, which nothing promises.
 */
export const partitionDealer =
  (subscription: string): PartitionAssigner =>
  ({ cluster }) => ({
    name: 'PartitionDealer',
    version: 0,
    async assign({ members, topics }) {
      const subscriptions = subscriptionsOf(members);
      const cursors = subscriptions.map(() => 0);
      const assignment: Record<string, Record<string, number[]>> = {};
      for (const { memberId } of members) assignment[memberId] = {};
      for (const topic of topics) {
        const partitions = cluster
          .findTopicPartitionMetadata(topic)
          .map((metadata) => metadata.partitionId)
          .sort((a, b) => a - b);
        partitions.forEach((partition, i) => {
          const s = i % subscriptions.length;
          const memberIds = subscriptions[s];
          const owner = assignment[memberIds[cursors[s]++ % memberIds.length]];
          (owner[topic] ??= []).push(partition);
        });
      }
      return members.map(({ memberId }) => ({
        memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({
          version: 0,
          assignment: assignment[memberId],
          userData: Buffer.alloc(0),
        }),
      }));
    },
    protocol({ topics }) {
      return {
        name: 'PartitionDealer',
        metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.from(subscription) }),
      };
    },
  });

/** Member ids grouped by the subscription named in their metadata (a member that names none is its own), in name order. */
function subscriptionsOf(members: Member[]): string[][] {
  const bySubscription = new Map<string, string[]>();
  for (const { memberId, memberMetadata } of members) {
    const named = memberMetadata && AssignerProtocol.MemberMetadata.decode(memberMetadata)?.userData.toString();
    const name = named || `member:${memberId}`;
    bySubscription.set(name, [...(bySubscription.get(name) ?? []), memberId]);
  }
  return [...bySubscription.keys()].sort().map((name) => bySubscription.get(name)!.sort());
}

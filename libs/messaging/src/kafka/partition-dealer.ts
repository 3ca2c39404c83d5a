import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';

/**
 * kafkajs's round-robin assignment with the partitions of each topic in number order: member i of n
 * (sorted by member id) gets partitions i, i + n, i + 2n, ... of every topic. The stock assigner deals
 * them in the order the broker's metadata lists them, which nothing promises; publishers that place
 * messages on consecutive partitions to spread them over workers (job chunk lanes) rely on this order.
 */
export const PartitionDealer: PartitionAssigner = ({ cluster }) => ({
  name: 'PartitionDealer',
  version: 0,
  async assign({ members, topics }) {
    const memberIds = members.map((member) => member.memberId).sort();
    const assignment: Record<string, Record<string, number[]>> = {};
    for (const memberId of memberIds) assignment[memberId] = {};
    for (const topic of topics) {
      const partitions = cluster
        .findTopicPartitionMetadata(topic)
        .map((metadata) => metadata.partitionId)
        .sort((a, b) => a - b);
      partitions.forEach((partition, i) => {
        const owner = assignment[memberIds[i % memberIds.length]];
        (owner[topic] ??= []).push(partition);
      });
    }
    return memberIds.map((memberId) => ({
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
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }),
    };
  },
});

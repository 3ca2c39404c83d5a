import { AssignerProtocol } from 'kafkajs';
import { PartitionDealer } from './partition-dealer';

describe('PartitionDealer', () => {
  // The broker lists partitions in any order; the dealer deals them in number order.
  const cluster = {
    findTopicPartitionMetadata: (topic: string) =>
      (topic === 'jobs.chunks' ? [5, 0, 3, 1, 7, 2, 6, 4] : [1, 0]).map((partitionId) => ({ partitionId })),
  };
  const dealer = PartitionDealer({ cluster, groupId: 'g', logger: undefined } as never);
  const dealt = async (memberIds: string[], topics: string[]) => {
    const assignments = await dealer.assign({ members: memberIds.map((memberId) => ({ memberId })), topics } as never);
    return Object.fromEntries(
      assignments.map((a) => [a.memberId, AssignerProtocol.MemberAssignment.decode(a.memberAssignment)!.assignment]),
    );
  };

  it('gives member i of n (by member id) partitions i, i + n, i + 2n, ... of each topic', async () => {
    expect(await dealt(['b', 'a'], ['jobs.chunks', 'other'])).toEqual({
      a: { 'jobs.chunks': [0, 2, 4, 6], other: [0] },
      b: { 'jobs.chunks': [1, 3, 5, 7], other: [1] },
    });
    expect((await dealt(['m1', 'm2', 'm3', 'm4'], ['jobs.chunks'])).m3).toEqual({ 'jobs.chunks': [2, 6] });
  });

  it('gives a lone member everything', async () => {
    expect(await dealt(['only'], ['jobs.chunks'])).toEqual({ only: { 'jobs.chunks': [0, 1, 2, 3, 4, 5, 6, 7] } });
  });
});

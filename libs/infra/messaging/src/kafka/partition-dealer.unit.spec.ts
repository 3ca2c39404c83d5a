import { AssignerProtocol } from 'kafkajs';
import { partitionDealer } from './partition-dealer';

describe('partitionDealer', () => {
  // The broker lists partitions in any order; the dealer deals them in number order.
  const cluster = {
    findTopicPartitionMetadata: (topic: string) =>
      (topic === 'jobs.chunks' ? [5, 0, 3, 1, 7, 2, 6, 4] : [1, 0]).map((partitionId) => ({ partitionId })),
  };
  const dealer = partitionDealer('unused by assign')({ cluster, groupId: 'g', logger: undefined } as never);
  /** Members as `memberId@subscription`; a member without `@` sends no subscription name, as an older release's. */
  const dealt = async (members: string[], topics: string[]) => {
    const assignments = await dealer.assign({
      members: members.map((member) => {
        const [memberId, subscription] = member.split('@');
        const metadata = AssignerProtocol.MemberMetadata.encode({
          version: 0,
          topics,
          userData: Buffer.from(subscription ?? ''),
        });
        return { memberId, memberMetadata: metadata };
      }),
      topics,
    } as never);
    return Object.fromEntries(
      assignments.map((a) => [a.memberId, AssignerProtocol.MemberAssignment.decode(a.memberAssignment)!.assignment]),
    );
  };

  it('gives subscription i of n (by name) partitions i, i + n, i + 2n, ... of each topic', async () => {
    expect(await dealt(['m1@b', 'm2@a'], ['jobs.chunks', 'other'])).toEqual({
      m2: { 'jobs.chunks': [0, 2, 4, 6], other: [0] },
      m1: { 'jobs.chunks': [1, 3, 5, 7], other: [1] },
    });
  });

  it("deals a subscription's partitions to its members in turn, so consecutive partitions still reach different processes", async () => {
    const assignment = await dealt(['a1@A', 'a2@A', 'b1@B', 'b2@B'], ['jobs.chunks']);
    expect(assignment).toEqual({
      a1: { 'jobs.chunks': [0, 4] },
      a2: { 'jobs.chunks': [2, 6] },
      b1: { 'jobs.chunks': [1, 5] },
      b2: { 'jobs.chunks': [3, 7] },
    });
  });

  it("keeps dealing a subscription's members in turn across topics, so none is left idle by short topics", async () => {
    const assignment = await dealt(['x1@X', 'x2@X', 'x3@X'], ['other', 'other2']);
    expect(assignment).toEqual({ x1: { other: [0], other2: [1] }, x2: { other: [1] }, x3: { other2: [0] } });
  });

  it('treats each member of an older release (no subscription named) as a subscription of its own', async () => {
    expect(await dealt(['old', 'new1@N', 'new2@N'], ['jobs.chunks'])).toEqual({
      new1: { 'jobs.chunks': [0, 4] },
      new2: { 'jobs.chunks': [2, 6] },
      old: { 'jobs.chunks': [1, 3, 5, 7] },
    });
  });

  it('gives a lone member everything', async () => {
    expect(await dealt(['only@S'], ['jobs.chunks'])).toEqual({ only: { 'jobs.chunks': [0, 1, 2, 3, 4, 5, 6, 7] } });
  });
});

import { eventually, present } from '@lib/common/testing';
// A bus member that kafkajs gives up on rejoins its group. kafkajs restarts a consumer after a retriable
// crash only; INCONSISTENT_GROUP_PROTOCOL (the group held by members that offer none of this member's
// assigners, as a coordinator that reloaded its groups after a broker restart knows its old members) left
// the member out of its group for good while the process looked healthy.
import { AssignerProtocol, Kafka, logLevel, type PartitionAssigner } from 'kafkajs';
import { KafkaMessageBus, type IncomingMessage } from '@lib/messaging';

import { brokersOf, describeWithServers } from '../../support/cluster/servers';

/** An assigner the bus does not offer: a group whose members offer only this one refuses the bus's member. */
const ForeignAssigner: PartitionAssigner = () => ({
  name: 'ForeignAssigner',
  version: 0,
  async assign({ members }) {
    return members.map(({ memberId }) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({
        version: 0,
        assignment: {},
        userData: Buffer.alloc(0),
      }),
    }));
  },
  protocol({ topics }) {
    return {
      name: 'ForeignAssigner',
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }),
    };
  },
});

describeWithServers(['KAFKA_BROKERS'], 'a Kafka bus member refused by its group', ({ KAFKA_BROKERS }) => {
  const brokers = brokersOf(KAFKA_BROKERS);
  const suffix = `${Date.now()}-${process.pid}`;
  const topic = `it.rejoin.${suffix}`;
  const groupId = `it-rejoin-${suffix}`;
  const logged: string[] = [];
  const bus = new KafkaMessageBus({
    brokers,
    clientId: 'it-rejoin',
    partitions: 1,
    sessionTimeoutMs: 6000,
    log: (message) => logged.push(message),
  });
  const foreign = new Kafka({ clientId: 'it-foreign', brokers, logLevel: logLevel.NOTHING }).consumer({
    groupId,
    sessionTimeout: 6000,
    partitionAssigners: [ForeignAssigner],
  });

  afterAll(async () => {
    await foreign.disconnect().catch(() => undefined);
    await bus.close();
  });

  it('joins again once the group takes it, and receives what was published meanwhile', async () => {
    await bus.ensureTopics([topic]);
    await foreign.connect();
    const foreignJoined = new Promise((resolve) => foreign.on(foreign.events.GROUP_JOIN, resolve));
    await foreign.subscribe({ topics: [topic] });
    await foreign.run({ eachMessage: async () => undefined });
    await foreignJoined;

    const received: IncomingMessage[] = [];
    await bus.subscribe({ groupId, topics: [topic] }, async (message) => {
      received.push(message);
    });
    await eventually(
      async () =>
        present(
          logged.some((line) => /protocols are incompatible/.test(line)) ? true : undefined,
          'the bus member refused by the group (kafkajs logs its crash)',
        ),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    await bus.publish(topic, [{ key: 'k', value: { n: 1 } }]);
    await foreign.disconnect();

    await eventually(async () => present(received.length > 0 ? true : undefined, 'the message received'), {
      timeoutMs: 45_000,
      intervalMs: 100,
    });
    expect(received.map((message) => message.value)).toEqual([{ n: 1 }]);
    expect(logged.join('\n')).toMatch(/kafkajs stopped the member .*; joining again/);
  }, 90_000);
});

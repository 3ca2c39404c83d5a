import { Kafka, logLevel, PartitionAssigners } from 'kafkajs';
import { partitionDealer, waitForTopicLeaders } from '@lib/messaging/testing';

/**
 * Commits, for each consumer group, the current end of its topics. The integration Kafka outlives test
 * runs and app topics have fixed names, so without this a group would first receive what earlier runs
 * (or a crashed one) left behind: a group with no offsets starts at the beginning, and a stale
 * JobCreated is retried for minutes against an event store that never held it.
 * Only valid while no member of these groups is running. Topics that do not exist yet are skipped.
 * (kafkajs' admin.setOffsets joins the group once per topic, ~5 s each; this joins once per group, in parallel.)
 */
export async function skipBacklog(brokers: string[], groups: Record<string, string[]>): Promise<void> {
  const kafka = new Kafka({ clientId: 'it-skip-backlog', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const known = Object.values(groups)
      .flat()
      .filter((topic) => existing.has(topic));
    if (known.length > 0) await waitForTopicLeaders(admin, [...new Set(known)]);
    await Promise.all(
      Object.entries(groups).map(async ([groupId, all]) => {
        const topics = all.filter((topic) => existing.has(topic));
        if (topics.length === 0) return;
        const ends = (
          await Promise.all(
            topics.map(async (topic) =>
              (await admin.fetchTopicOffsets(topic)).map(({ partition, high }) => ({ topic, partition, offset: high })),
            ),
          )
        ).flat();
        // A short fetch wait: disconnect waits for the fetch in progress, 5 s by default on an idle topic.
        // The apps' assigners: after a broker restart the coordinator knows a member that has not rejoined
        // since only by the protocol the group last chose (PartitionDealer), and refuses a newcomer that does
        // not offer it (INCONSISTENT_GROUP_PROTOCOL, which kafkajs does not retry).
        const consumer = kafka.consumer({
          groupId,
          allowAutoTopicCreation: false,
          maxWaitTimeInMs: 100,
          partitionAssigners: [partitionDealer('it-skip-backlog'), PartitionAssigners.roundRobin],
        });
        await consumer.connect();
        try {
          // A crash that kafkajs does not retry fails the start of the cluster instead of waiting forever.
          const joined = new Promise((resolve, reject) => {
            consumer.on(consumer.events.GROUP_JOIN, resolve);
            consumer.on(consumer.events.CRASH, ({ payload }) => {
              if (!payload.restart) reject(new Error(`skipping the backlog of ${groupId}: ${payload.error.message}`));
            });
          });
          await consumer.subscribe({ topics, fromBeginning: false });
          // Never commits what it fetches (autoCommit off): the only commit is the explicit one below.
          await consumer.run({ autoCommit: false, eachMessage: async () => undefined });
          await joined;
          await consumer.commitOffsets(ends);
        } finally {
          await consumer.disconnect();
        }
      }),
    );
  } finally {
    await admin.disconnect();
  }
}

import type { Admin } from 'kafkajs';

const RETRY_PAUSE_MS = 250;

/**
 * Waits until every partition of the topics has a leader that serves it. A topic created a moment ago
 * (by this process or, racing it, by another replica starting at the same time) is listed before its
 * leaders are elected; producing, fetching offsets or joining a group before then fails with
 * "not the leader" / "does not host this topic-partition". In KRaft mode the metadata can name a
 * leader a moment before that broker has taken the partition over, so readiness is proven by asking
 * every leader for its offsets (ListOffsets), not by the metadata alone.
 */
export async function waitForTopicLeaders(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const metadata = await admin.fetchTopicMetadata({ topics });
      const elected = metadata.topics.every(
        (topic) => topic.partitions.length > 0 && topic.partitions.every((p) => p.leader >= 0),
      );
      if (elected) {
        // Throws "not the leader" while a leader is still taking its partition over; retried below.
        await Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic)));
        return;
      }
      if (Date.now() > deadline)
        throw new Error(`topics without partition leaders after ${timeoutMs} ms: ${topics.join(', ')}`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
}

/** True when a createTopics failure only says that topics exist already (another replica won the race). */
export function isOnlyTopicExists(error: unknown): boolean {
  const e = error as { type?: string; errors?: Array<{ type?: string }> } | null;
  if (e?.type === 'TOPIC_ALREADY_EXISTS') return true;
  return (
    Array.isArray(e?.errors) && e.errors.length > 0 && e.errors.every((inner) => inner?.type === 'TOPIC_ALREADY_EXISTS')
  );
}

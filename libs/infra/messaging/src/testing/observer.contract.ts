import { randomUUID } from 'node:crypto';
import type { BusObserver } from '../bus-observer';
import { deadLetterTopic } from '../message-bus.port';
import type { MessageBusFactory } from './contract-context';
import { eventually } from '@lib/common/testing';
import { BROKER_PATIENCE } from './contract-context';

/** What the adapter tells its observer (metrics): every outcome of every delivery, in order per key. */
export function observerContract(factory: MessageBusFactory): void {
  describe('delivery reports', () => {
    it('reports each failed attempt, the dead-lettering and each consumed message with its topic and group', async () => {
      const reports: string[] = [];
      const observer: BusObserver = {
        consumed: (topic, group) => reports.push(`consumed ${topic} ${group}`),
        failed: (topic, group) => reports.push(`failed ${topic} ${group}`),
        deadLettered: (topic, group) => reports.push(`dead-lettered ${topic} ${group}`),
      };
      const { bus, cleanup } = await factory(observer);
      const run = randomUUID().slice(0, 8);
      const topic = `reported.${run}`;
      const group = `g.${run}`;
      try {
        await bus.ensureTopics([topic, deadLetterTopic(topic)]);
        const consumer = await bus.subscribe(
          { groupId: group, topics: [topic], maxAttempts: 2, retryDelayMs: 10 },
          async (m) => {
            if (m.value.poison) throw new Error('cannot handle');
          },
        );
        await bus.publish(topic, [
          { key: 'k', value: { poison: true } },
          { key: 'k', value: { n: 2 } },
        ]);
        await eventually(
          () =>
            expect(reports).toEqual([
              `failed ${topic} ${group}`,
              `failed ${topic} ${group}`,
              `dead-lettered ${topic} ${group}`,
              `consumed ${topic} ${group}`,
            ]),
          BROKER_PATIENCE,
        );
        await consumer.stop();
      } finally {
        await cleanup();
      }
    });
  });
}

import { deadLetterTopic } from '../message-bus.port';
import type { BusContractContext } from './contract-context';
import { eventually } from '@lib/common/testing';
import { BROKER_PATIENCE, sleep } from './contract-context';

/** At-least-once under failures, dead-lettering, stopping, and restarts. */
export function failureContract(ctx: BusContractContext): void {
  describe('failures and restarts', () => {
    it('redelivers a message whose handler throws and holds back the later messages of its key', async () => {
      const topic = ctx.unique('flaky');
      await ctx.bus.ensureTopics([topic]);
      let failures = 2;
      const { seen } = await ctx.record(
        { groupId: ctx.unique('g'), topics: [topic], retryDelayMs: 20 },
        undefined,
        async (m) => {
          if (m.value.n === 1 && failures-- > 0) throw new Error('transient');
        },
      );
      await ctx.bus.publish(
        topic,
        [1, 2].map((n) => ({ key: 'same', value: { n } })),
      );
      await eventually(
        () =>
          expect(seen.map((m) => [m.value.n, m.attempt])).toEqual([
            [1, 1],
            [1, 2],
            [1, 3],
            [2, 1],
          ]),
        BROKER_PATIENCE,
      );
    });

    it('dead-letters a message after maxAttempts failures and moves on', async () => {
      const topic = ctx.unique('poison');
      await ctx.bus.ensureTopics([topic, deadLetterTopic(topic)]);
      const { seen } = await ctx.record(
        { groupId: ctx.unique('g'), topics: [topic], maxAttempts: 3, retryDelayMs: 10 },
        undefined,
        async (m) => {
          if (m.value.poison) throw new Error('cannot handle');
        },
      );
      const dead = await ctx.record({ groupId: ctx.unique('dlq'), topics: [deadLetterTopic(topic)] });
      await ctx.bus.publish(topic, [
        { key: 'k', value: { poison: true } },
        { key: 'k', value: { n: 2 } },
      ]);
      await eventually(() => expect(seen.map((m) => m.attempt)).toEqual([1, 2, 3, 1]), BROKER_PATIENCE);
      await eventually(
        () => expect(dead.seen.map((m) => [m.key, m.value])).toEqual([['k', { poison: true }]]),
        BROKER_PATIENCE,
      );
    });

    it('resolves stop only after the in-flight handler finished and committed', async () => {
      const topic = ctx.unique('inflight');
      await ctx.bus.ensureTopics([topic]);
      const groupId = ctx.unique('g');
      let finished = false;
      const first = await ctx.record({ groupId, topics: [topic] }, undefined, async () => {
        await sleep(300);
        finished = true;
      });
      await ctx.bus.publish(topic, [{ key: 'k', value: { n: 1 } }]);
      await eventually(() => expect(first.seen).toHaveLength(1), BROKER_PATIENCE);
      await first.consumer.stop();
      expect(finished).toBe(true);
      await ctx.bus.publish(topic, [{ key: 'k', value: { n: 2 } }]);
      const next = await ctx.record({ groupId, topics: [topic] });
      await eventually(() => expect(next.seen.map((m) => m.value.n)).toEqual([2]), BROKER_PATIENCE);
      await sleep(200); // a deliberate pause: room for the committed message 1 to come again, if it did
      expect(next.seen).toHaveLength(1);
    });

    it('leaves a message that waited for a handler slot when stop began uncommitted, for the next consumer', async () => {
      const topic = ctx.unique('queued');
      await ctx.bus.ensureTopics([topic], { minPartitions: 4 });
      const groupId = ctx.unique('g');
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const first = await ctx.record({ groupId, topics: [topic], concurrency: 2 }, undefined, async (m) => {
        if (m.value.n < 3) await gate;
      });
      try {
        await ctx.bus.publish(
          topic,
          [1, 2].map((n) => ({ key: `k${n}`, partition: n, value: { n } })),
        );
        await eventually(() => expect(first.seen.map((m) => m.value.n).sort()).toEqual([1, 2]), BROKER_PATIENCE);
        await ctx.bus.publish(topic, [{ key: 'k3', partition: 3, value: { n: 3 } }]);
        await sleep(1000); // a deliberate pause: message 3 reaches its consumer and waits for one of the two slots
        const stopped = first.consumer.stop();
        open();
        await stopped;
      } finally {
        open(); // a failed step must not leave the handlers blocked, or the suite's cleanup waits for them forever
      }
      expect(first.seen.map((m) => m.value.n).sort()).toEqual([1, 2]);
      const next = await ctx.record({ groupId, topics: [topic] });
      await eventually(() => expect(next.seen.map((m) => m.value.n)).toEqual([3]), BROKER_PATIENCE);
      await sleep(200); // room for the committed messages 1 and 2 to come again, if they did
      expect(next.seen).toHaveLength(1);
    });

    it('redelivers an uncommitted message to the next consumer of the group', async () => {
      const topic = ctx.unique('handover');
      await ctx.bus.ensureTopics([topic]);
      const groupId = ctx.unique('g');
      const failing = await ctx.record(
        { groupId, topics: [topic], maxAttempts: 100, retryDelayMs: 20 },
        undefined,
        async () => {
          throw new Error('down');
        },
      );
      await ctx.bus.publish(topic, [{ key: 'k', value: { n: 1 } }]);
      await eventually(() => expect(failing.seen.length).toBeGreaterThanOrEqual(2), BROKER_PATIENCE);
      await failing.consumer.stop();
      const healthy = await ctx.record({ groupId, topics: [topic] });
      await eventually(() => expect(healthy.seen.map((m) => m.value.n)).toEqual([1]), BROKER_PATIENCE);
    });

    it('keeps accepted messages and committed offsets when clients are closed and reopened', async () => {
      const topic = ctx.unique('durable');
      await ctx.bus.ensureTopics([topic]);
      const groupId = ctx.unique('g');
      const before = await ctx.record({ groupId, topics: [topic] });
      await ctx.bus.publish(
        topic,
        [1, 2].map((n) => ({ key: 'k', value: { n } })),
      );
      await eventually(() => expect(before.seen).toHaveLength(2), BROKER_PATIENCE);
      await before.consumer.stop();
      await ctx.bus.publish(topic, [{ key: 'k', value: { n: 3 } }]);
      await ctx.bus.close();

      const reopened = await ctx.open();
      const resumed = await ctx.record({ groupId, topics: [topic] }, reopened.bus);
      const fresh = await ctx.record({ groupId: ctx.unique('fresh'), topics: [topic] }, reopened.bus);
      await eventually(() => {
        expect(resumed.seen.map((m) => m.value.n)).toEqual([3]);
        expect(fresh.seen.map((m) => m.value.n)).toEqual([1, 2, 3]);
      }, BROKER_PATIENCE);
    });
  });
}

import type { BusContractContext } from './contract-context';
import { eventually } from '@lib/common/testing';
import { BROKER_PATIENCE, sleep } from './contract-context';

const values = (seen: { value: { n: number } }[]) => seen.map((m) => m.value.n);

/** Delivery, ordering per key, consumer groups and cross-client visibility. */
export function deliveryContract(ctx: BusContractContext): void {
  describe('delivery', () => {
    it('delivers key, value and headers on the first attempt, including messages published before joining', async () => {
      const topic = ctx.unique('orders');
      await ctx.bus.ensureTopics([topic]);
      await ctx.bus.publish(topic, [{ key: 'k1', value: { n: 1 }, headers: { trace: 't1' } }]);
      const { seen } = await ctx.record({ groupId: ctx.unique('g'), topics: [topic] });
      await eventually(() => expect(seen).toHaveLength(1), BROKER_PATIENCE);
      expect(seen[0]).toMatchObject({ topic, key: 'k1', value: { n: 1 }, attempt: 1 });
      expect(seen[0].headers).toMatchObject({ trace: 't1' });
      expect(typeof seen[0].offset).toBe('string');
    });

    it('delivers unsynced publishes like durable ones, in order of one key among them, and syncs them', async () => {
      const topic = ctx.unique('unsynced');
      await ctx.bus.ensureTopics([topic]);
      await ctx.bus.publishUnsynced(topic, [{ key: 'k', value: { n: 1 } }]);
      await ctx.bus.publish(topic, [{ key: 'k', value: { n: 2 } }]);
      await ctx.bus.publishUnsynced(topic, [
        { key: 'k', value: { n: 3 } },
        { key: 'k', value: { n: 4 } },
      ]);
      await ctx.bus.sync();
      const { seen } = await ctx.record({ groupId: ctx.unique('g'), topics: [topic] });
      await eventually(() => expect(values(seen)).toEqual([1, 2, 3, 4]), BROKER_PATIENCE);
    });

    it('creates a topic with minPartitions when that is more than the configured count; an existing topic keeps its count', async () => {
      const wide = ctx.unique('wide');
      const plain = ctx.unique('plain');
      await ctx.bus.ensureTopics([wide], { minPartitions: 12 });
      await ctx.bus.ensureTopics([plain]);
      await ctx.bus.ensureTopics([plain], { minPartitions: 12 });
      const messages = Array.from({ length: 240 }, (_, n) => ({ key: `key-${n}`, value: { n } }));
      await ctx.bus.publish(wide, messages);
      await ctx.bus.publish(plain, messages);
      const { seen } = await ctx.record({ groupId: ctx.unique('g'), topics: [wide, plain], concurrency: 8 });
      await eventually(() => expect(seen).toHaveLength(480), BROKER_PATIENCE);
      const partitionsOf = (topic: string) => new Set(seen.filter((m) => m.topic === topic).map((m) => m.partition));
      expect([...partitionsOf(wide)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(partitionsOf(plain).size).toBeLessThan(12);
    });

    it('keeps the order of each key while handling different keys concurrently', async () => {
      const topic = ctx.unique('ordered');
      await ctx.bus.ensureTopics([topic]);
      const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
      const running = new Set<string>();
      let overlapOnKey = false;
      const { seen } = await ctx.record(
        { groupId: ctx.unique('g'), topics: [topic], concurrency: 4 },
        undefined,
        async (m) => {
          if (running.has(m.key)) overlapOnKey = true;
          running.add(m.key);
          await sleep(Math.random() * 5);
          running.delete(m.key);
        },
      );
      for (let n = 0; n < 20; n += 1)
        await ctx.bus.publish(
          topic,
          keys.map((key) => ({ key, value: { n } })),
        );
      await eventually(() => expect(seen).toHaveLength(120), BROKER_PATIENCE);
      for (const key of keys)
        expect(values(seen.filter((m) => m.key === key))).toEqual(Array.from({ length: 20 }, (_, n) => n));
      expect(overlapOnKey).toBe(false);
    });

    it('hands a message on an idle partition to a free handler while another partition is busy, however late it was published', async () => {
      const topic = ctx.unique('busy');
      await ctx.bus.ensureTopics([topic], { minPartitions: 2 });
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { seen } = await ctx.record(
        { groupId: ctx.unique('g'), topics: [topic], concurrency: 2 },
        undefined,
        async (m) => {
          if (m.value.n === 1) await held;
        },
      );
      try {
        await ctx.bus.publish(topic, [{ key: 'slow', partition: 0, value: { n: 1 } }]);
        await eventually(() => expect(values(seen)).toEqual([1]), BROKER_PATIENCE);
        // Published while the first handler runs: a consumer that fetches in waves would hold it until that one ends.
        await ctx.bus.publish(topic, [{ key: 'quick', partition: 1, value: { n: 2 } }]);
        await eventually(() => expect(values(seen)).toEqual([1, 2]), BROKER_PATIENCE);
      } finally {
        release();
      }
    });

    it('runs at most `concurrency` handlers at once, and as many when enough partitions have messages', async () => {
      const topic = ctx.unique('bounded');
      await ctx.bus.ensureTopics([topic], { minPartitions: 8 });
      let running = 0;
      let most = 0;
      const { seen } = await ctx.record(
        { groupId: ctx.unique('g'), topics: [topic], concurrency: 3 },
        undefined,
        async () => {
          most = Math.max(most, ++running);
          await sleep(30);
          running -= 1;
        },
      );
      await ctx.bus.publish(
        topic,
        Array.from({ length: 32 }, (_, n) => ({ key: `k${n}`, partition: n % 8, value: { n } })),
      );
      await eventually(() => expect(seen).toHaveLength(32), BROKER_PATIENCE);
      expect(most).toBe(3);
    });

    it('runs up to `maxConcurrency` handlers at once while they wait, and `concurrency` while they keep the process busy', async () => {
      /** Handlers of one subscription running now, and the most that ran at once. */
      const gauge = () => ({ running: 0, most: 0 });
      const consume = async (
        name: string,
        messages: number,
        gauged: ReturnType<typeof gauge>,
        work: () => Promise<void>,
      ) => {
        const topic = ctx.unique(name);
        await ctx.bus.ensureTopics([topic], { minPartitions: 8 });
        const { seen } = await ctx.record(
          { groupId: ctx.unique('g'), topics: [topic], concurrency: 2, maxConcurrency: 5 },
          undefined,
          async () => {
            gauged.most = Math.max(gauged.most, ++gauged.running);
            await work().finally(() => (gauged.running -= 1));
          },
        );
        await ctx.bus.publish(
          topic,
          Array.from({ length: messages }, (_, n) => ({ key: `k${n}`, partition: n % 8, value: { n } })),
        );
        await eventually(() => expect(seen).toHaveLength(messages), BROKER_PATIENCE);
      };

      const waiting = gauge();
      await consume('elastic', 16, waiting, async () => {
        // Waits (the event loop idle) until five run or three seconds passed.
        for (let waited = 0; waiting.running < 5 && waited < 3000; waited += 20) await sleep(20);
        await sleep(20);
      });
      expect(waiting.most).toBe(5);

      const busy = gauge();
      await consume('elastic-busy', 24, busy, async () => {
        for (let spun = 0; spun < 4; spun += 1) {
          const until = Date.now() + 25; // computes, holding the event loop
          while (Date.now() < until);
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      expect(busy.most).toBeGreaterThan(0);
      expect(busy.most).toBeLessThanOrEqual(2);
    });

    it('gives every group its own copy of each message', async () => {
      const topic = ctx.unique('fanout');
      await ctx.bus.ensureTopics([topic]);
      const first = await ctx.record({ groupId: ctx.unique('billing'), topics: [topic] });
      const second = await ctx.record({ groupId: ctx.unique('analytics'), topics: [topic] });
      await ctx.bus.publish(
        topic,
        [1, 2, 3].map((n) => ({ key: `k${n}`, value: { n } })),
      );
      await eventually(() => {
        expect(values(first.seen).sort()).toEqual([1, 2, 3]);
        expect(values(second.seen).sort()).toEqual([1, 2, 3]);
      }, BROKER_PATIENCE);
    });

    it("writes a message given a partition to that partition, whatever its key's would be", async () => {
      const topic = ctx.unique('placed');
      await ctx.bus.ensureTopics([topic], { minPartitions: 8 });
      await ctx.bus.publish(
        topic,
        Array.from({ length: 16 }, (_, n) => ({ key: 'one-key', partition: n % 8, value: { n } })),
      );
      const { seen } = await ctx.record({ groupId: ctx.unique('g'), topics: [topic], concurrency: 8 });
      await eventually(() => expect(seen).toHaveLength(16), BROKER_PATIENCE);
      expect(seen.every((m) => m.partition === (m.value as { n: number }).n % 8)).toBe(true);
    });

    it('shares the work between two consumers of one group without handling a message twice', async () => {
      const topic = ctx.unique('shared');
      await ctx.bus.ensureTopics([topic]);
      const groupId = ctx.unique('workers');
      const one = await ctx.record({ groupId, topics: [topic] }, undefined, async () => {
        await sleep(2);
      });
      const two = await ctx.record({ groupId, topics: [topic] }, undefined, async () => {
        await sleep(2);
      });
      const messages = Array.from({ length: 60 }, (_, n) => ({ key: `key-${n % 20}`, value: { n } }));
      await ctx.bus.publish(topic, messages);
      await eventually(() => expect(one.seen.length + two.seen.length).toBe(60), BROKER_PATIENCE);
      await sleep(300); // a deliberate pause: room for a message handled twice, if one were
      const all = [...values(one.seen), ...values(two.seen)];
      expect(new Set(all).size).toBe(60);
      expect(all).toHaveLength(60);
      expect(one.seen.length).toBeGreaterThan(0);
      expect(two.seen.length).toBeGreaterThan(0);
    });

    it('delivers messages published by another client', async () => {
      const topic = ctx.unique('remote');
      await ctx.bus.ensureTopics([topic]);
      const { seen } = await ctx.record({ groupId: ctx.unique('g'), topics: [topic] });
      const other = await ctx.open();
      await other.bus.publish(topic, [{ key: 'k', value: { n: 9 } }]);
      await eventually(() => expect(values(seen)).toEqual([9]), BROKER_PATIENCE);
    });

    it('accepts the same topics being ensured twice and answers ping', async () => {
      const topic = ctx.unique('twice');
      await ctx.bus.ensureTopics([topic]);
      await ctx.bus.ensureTopics([topic]);
      await expect(ctx.bus.ping()).resolves.toBe(true);
    });
  });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, present } from '@lib/common/testing';
import { SqliteMessageBus } from './embedded/sqlite-message-bus';
import type { BusConsumer, IncomingMessage } from './message-bus.port';
import { NamespacedMessageBus } from './namespaced-message-bus';

// Two deployments on one broker (here one embedded bus file): the same topic and group names, never each
// other's messages or partitions.
describe('namespaced buses sharing one broker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'namespaced-'));
  const shared = new SqliteMessageBus(join(dir, 'bus.sqlite'), { partitions: 2, pollIntervalMs: 20 });
  const blue = new NamespacedMessageBus(shared, 'blue.');
  const green = new NamespacedMessageBus(shared, 'green.');
  const consumers: BusConsumer[] = [];
  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await shared.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("delivers each deployment's messages to its own group only, under the topic name it used", async () => {
    const seen: Record<string, IncomingMessage[]> = { blue: [], green: [] };
    for (const [name, bus] of [
      ['blue', blue],
      ['green', green],
    ] as const) {
      await bus.ensureTopics(['jobs.chunks']);
      consumers.push(
        await bus.subscribe({ groupId: 'job-chunks', topics: ['jobs.chunks'] }, async (m) => void seen[name].push(m)),
      );
    }
    await blue.publish('jobs.chunks', [{ key: 'k', value: { n: 1 } }]);
    await green.publish('jobs.chunks', [
      { key: 'k', value: { n: 2 } },
      { key: 'k', value: { n: 3 } },
    ]);
    await eventually(async () => present(seen.blue.length + seen.green.length === 3, 'three deliveries'), {
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    expect(seen.blue.map((m) => [m.topic, m.value.n])).toEqual([['jobs.chunks', 1]]);
    expect(seen.green.map((m) => [m.topic, m.value.n])).toEqual([
      ['jobs.chunks', 2],
      ['jobs.chunks', 3],
    ]);
  });

  it('stores them under the namespaced topic names', async () => {
    const raw: IncomingMessage[] = [];
    consumers.push(
      await shared.subscribe({ groupId: 'raw', topics: ['blue.jobs.chunks'] }, async (m) => void raw.push(m)),
    );
    await eventually(async () => present(raw.length === 1, 'the blue message'), { timeoutMs: 5_000, intervalMs: 20 });
    expect(raw[0].value).toEqual({ n: 1 });
  });
});

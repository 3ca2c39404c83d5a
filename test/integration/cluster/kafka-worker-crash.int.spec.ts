import { eventually, present } from '@lib/common/testing';
// Kills a consuming worker process with SIGKILL mid-stream, starts another, and checks that every
// message's effect is applied exactly once: no message lost, none applied twice, per-key order kept.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { KafkaMessageBus } from '@lib/messaging';
import { brokersOf, describeWithServers, uniqueDbName } from '../../support/cluster/servers';
import type { Transfer } from '../../support/cluster/idempotent-worker';

const ROOT = path.resolve(__dirname, '../../..');
const TOTAL = 400;
const KEYS = 16;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithServers(
  ['KAFKA_BROKERS', 'MONGO_URL'],
  'Kafka worker killed mid-stream',
  ({ KAFKA_BROKERS, MONGO_URL }) => {
    const dbName = uniqueDbName('it_crash');
    const run = dbName.slice(-8);
    const topic = `crash.transfers.${run}`;
    const children: ChildProcess[] = [];
    let mongo: MongoClient;
    let db: Db;
    let bus: KafkaMessageBus;

    function startWorker(): Promise<ChildProcess> {
      const child = spawn(
        process.execPath,
        ['-r', './scripts/register-ts.js', 'test/support/cluster/idempotent-worker.ts'],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            KAFKA_BROKERS,
            MONGO_URL,
            DB_NAME: dbName,
            TOPIC: topic,
            GROUP: `crash-workers.${run}`,
            DELAY_MS: '20',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      return new Promise((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('subscribed') && resolve(child));
        child.once('exit', (code, signal) => reject(new Error(`worker exited before subscribing (${code ?? signal})`)));
      });
    }

    const appliedCount = async (): Promise<number> => {
      const accounts = await db.collection('accounts').find().toArray();
      return accounts.reduce((sum, account) => sum + (account.applied as string[]).length, 0);
    };

    beforeAll(async () => {
      mongo = await MongoClient.connect(MONGO_URL);
      db = mongo.db(dbName);
      bus = new KafkaMessageBus({ brokers: brokersOf(KAFKA_BROKERS), clientId: 'crash-test', partitions: 4 });
      await bus.ensureTopics([topic]);
    });

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await bus?.close();
      await db?.dropDatabase();
      await mongo?.close();
    });

    it('loses no message and applies none twice when the worker is SIGKILLed and replaced', async () => {
      const transfers = Array.from({ length: TOTAL }, (_, seq): { key: string; value: Transfer } => ({
        key: `account-${seq % KEYS}`,
        value: { id: `transfer-${run}-${seq}`, seq, amount: (seq % 7) + 1 },
      }));
      await bus.publish(
        topic,
        transfers.map(({ key, value }) => ({ key, value: { ...value } })),
      );

      const first = await startWorker();
      const appliedAtKill = await eventually(
        async () =>
          present((await appliedCount()) >= 60 ? appliedCount() : undefined, 'the first worker to be mid-stream'),
        { timeoutMs: 60_000, intervalMs: 25 },
      );
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      expect(appliedAtKill).toBeLessThan(TOTAL);

      const second = await startWorker();
      await eventually(
        async () => present((await appliedCount()) >= TOTAL ? true : undefined, 'every transfer to be applied'),
        { timeoutMs: 90_000, intervalMs: 25 },
      );
      // Leaves time for a late duplicate to show up before checking.
      await sleep(1000);
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));

      const accounts = await db
        .collection<{ _id: string; total: number; applied: string[] }>('accounts')
        .find()
        .sort({ _id: 1 })
        .toArray();
      expect(accounts).toHaveLength(KEYS);
      for (const account of accounts) {
        const expected = transfers.filter((t) => t.key === account._id);
        // Exactly the key's transfers, each once, in publish order (one key stays on one partition).
        expect(account.applied).toEqual(expected.map((t) => t.value.id));
        expect(account.total).toBe(expected.reduce((sum, t) => sum + t.value.amount, 0));
      }

      const deliveries = await db.collection('deliveries').find().toArray();
      const pids = new Set(deliveries.map((d) => d.pid));
      expect(pids.size).toBe(2);
      expect(new Set(deliveries.map((d) => d.messageId)).size).toBe(TOTAL);
      console.log(
        `crash test: ${appliedAtKill} of ${TOTAL} applied when the first worker was killed; ` +
          `${deliveries.length - TOTAL} redelivered after the kill, none applied twice`,
      );
    });
  },
);

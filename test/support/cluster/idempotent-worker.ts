// A worker process for the crash test: consumes a topic with the Kafka adapter and applies each message's
// effect to MongoDB idempotently by message id. Configured by environment; prints "subscribed" once in the group.
import { MongoClient, MongoServerError } from 'mongodb';
import { KafkaMessageBus, type IncomingMessage } from '@lib/messaging';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

export interface Transfer {
  id: string;
  seq: number;
  amount: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const mongo = await MongoClient.connect(env('MONGO_URL'));
  const db = mongo.db(env('DB_NAME'));
  const accounts = db.collection<{ _id: string; total: number; applied: string[] }>('accounts');
  const deliveries = db.collection('deliveries');
  const delayMs = Number(process.env.DELAY_MS ?? 20);

  /**
   * One atomic single-document update: it adds the amount and records the id only if the id is not
   * recorded yet. A redelivered message matches nothing, and its upsert then collides on _id: both mean
   * "already applied". No transaction is needed, so this works on FerretDB too.
   */
  async function apply(message: IncomingMessage<Transfer>): Promise<void> {
    const { id, amount } = message.value;
    await deliveries.insertOne({ messageId: id, pid: process.pid, attempt: message.attempt });
    await sleep(delayMs);
    try {
      await accounts.updateOne(
        { _id: message.key, applied: { $ne: id } },
        { $inc: { total: amount }, $push: { applied: id } },
        { upsert: true },
      );
    } catch (error) {
      if (error instanceof MongoServerError && error.code === 11000) return;
      throw error;
    }
  }

  const bus = new KafkaMessageBus({
    brokers: env('KAFKA_BROKERS').split(','),
    clientId: 'crash-worker',
    sessionTimeoutMs: 6000,
  });
  const consumer = await bus.subscribe({ groupId: env('GROUP'), topics: [env('TOPIC')], concurrency: 4 }, apply);
  process.stdout.write('subscribed\n');

  process.once('SIGTERM', async () => {
    await consumer.stop();
    await bus.close();
    await mongo.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

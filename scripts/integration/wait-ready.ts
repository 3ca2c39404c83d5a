// Waits until Kafka answers a metadata request and the MongoDB-wire server answers a ping.
// Used by scripts/integration-services.sh; exits non-zero (with the reason) on timeout or when a server process dies.
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';

interface Target {
  name: string;
  pid: number;
  probe(): Promise<string>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function kafkaProbe(brokers: string): Promise<string> {
  const admin = new Kafka({
    clientId: 'wait-ready',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
  }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return `cluster ${cluster.clusterId}, ${cluster.brokers.length} broker(s), controller ${cluster.controller}`;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

async function mongoProbe(url: string): Promise<string> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 1500, connectTimeoutMS: 1500 });
  try {
    await client.connect();
    const hello = await client.db('admin').command({ ping: 1 });
    const info = await client.db('admin').command({ buildInfo: 1 });
    return `ping ok=${hello.ok}, version ${info.version}`;
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function waitFor(target: Target, deadline: number): Promise<void> {
  let lastError = 'no attempt yet';
  while (Date.now() < deadline) {
    if (!alive(target.pid)) throw new Error(`${target.name}: process ${target.pid} exited (last error: ${lastError})`);
    try {
      console.log(`${target.name} ready: ${await target.probe()}`);
      return;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await pause(500);
  }
  throw new Error(`${target.name}: not ready in time (last error: ${lastError})`);
}

async function main(): Promise<void> {
  const env = process.env;
  const deadline = Date.now() + Number(env.WAIT_TIMEOUT_MS ?? 120_000);
  const targets: Target[] = [
    { name: 'kafka', pid: Number(env.KAFKA_PID), probe: () => kafkaProbe(env.KAFKA_BROKERS!) },
    { name: 'ferretdb', pid: Number(env.MONGO_PID), probe: () => mongoProbe(env.MONGO_URL!) },
  ];
  await Promise.all(targets.map((target) => waitFor(target, deadline)));
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);

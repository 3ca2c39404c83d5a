// The api, worker and projector as three OS processes on Kafka + a MongoDB-wire server + one event store
// (EventStoreDB when EVENTSTORE_URL is set, else one embedded SQLite file in a shared DATA_DIR).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { EsdbEventStore, EventStore, SqliteEventStore } from '@lib/eventstore';
import {
  DataKeyCache,
  openDataKeyStore,
  PersonalDataRegistry,
  PersonalMessageRegistry,
  SealingEventStore,
} from '@lib/personal-data';
import { PersonalDataPoliciesModule } from '@lib/roles';
import { VERIFICATION_CHUNK_TOPIC, verificationRetryTopic } from '@lib/verification-jobs/testing';
import { relayTopic } from '@lib/messaging';
import { startClusterMailPeers, type MailPeers } from './cluster-mail-peers';
import { skipBacklog } from './kafka-backlog';
import { startRole, type Role, type RoleProcess } from './role-process';
import { brokersOf, uniqueDbName } from './servers';

export const ADMIN_TOKEN = 'it-admin-token';

// Every consumer group the apps run, with its topics (libs/*: subscribe calls). Their backlog from
// earlier runs is skipped before the processes start: see skipBacklog.
export const APP_GROUPS: Record<string, string[]> = {
  'job-dispatch': [relayTopic('jobs')],
  'finder-job-dispatch': [relayTopic('jobs')],
  'webhook-delivery': [relayTopic('jobs')],
  'job-chunks': [VERIFICATION_CHUNK_TOPIC],
  'job-chunk-retries': [1, 2, 3].map(verificationRetryTopic),
  'finder-job-chunks': ['finder.chunks'],
};

export interface HttpResult {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

export interface AppCluster {
  api: RoleProcess;
  projector: RoleProcess;
  worker: RoleProcess;
  peers: MailPeers;
  /** The environment every process of the cluster runs with (for the admin CLI on the same stores). */
  env: Record<string, string>;
  /** Starts another worker process (after the previous one was killed, or beside it); `env` adds to the cluster's. */
  startWorker(name: string, env?: Record<string, string>): Promise<RoleProcess>;
  request(
    method: string,
    route: string,
    options?: { key?: string; body?: unknown; admin?: boolean },
  ): Promise<HttpResult>;
  uploadJob(key: string, csv: string, fileName?: string): Promise<HttpResult>;
  /**
   * The shared event store, opened by the test process (the source of truth for ledger checks), reading
   * personal fields opened as the apps do, with their data keys and every personal-data policy.
   */
  eventStore(): Promise<EventStore>;
  /** Every process's recent output, for a failing test. */
  outputs(): string;
  close(): Promise<void>;
}

export async function startAppCluster(
  servers: { KAFKA_BROKERS: string; MONGO_URL: string },
  options: {
    env?: Record<string, string>;
    slowBannerMs?: number;
    /** Other mail peers than the cluster's own (startClusterMailPeers); closed with the cluster. */
    mailPeers?: () => Promise<MailPeers>;
  } = {},
): Promise<AppCluster> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'it-cluster-'));
  const mongoDatabase = uniqueDbName('it_cluster');
  const peers = await (options.mailPeers ?? (() => startClusterMailPeers(options.slowBannerMs ?? 0)))();
  const env: Record<string, string> = {
    ...peers.env,
    KAFKA_BROKERS: servers.KAFKA_BROKERS,
    MONGO_URL: servers.MONGO_URL,
    MONGO_DATABASE: mongoDatabase,
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    DEMO_ACCOUNT: 'false',
    RATE_LIMIT_PER_SECOND: '1000',
    RATE_LIMIT_BURST: '1000',
    DASHBOARD_RATE_LIMIT_PER_SECOND: '1000',
    DASHBOARD_RATE_LIMIT_BURST: '1000',
    JOB_CHUNK_SIZE: '2',
    JOB_GREYLIST_RETRY_DELAYS_MS: '300,600',
    GREYLIST_RETRY_DELAYS_MS: '100',
    ...options.env,
  };
  await skipBacklog(brokersOf(servers.KAFKA_BROKERS), APP_GROUPS);

  const started: RoleProcess[] = [];
  const start = async (role: Role, name: string = role, extra: Record<string, string> = {}) => {
    const child = await startRole(role, { ...env, ...extra }, name);
    started.push(child);
    return child;
  };
  const outputs = () => started.map((p) => `----- ${p.name} (pid ${p.child.pid}) -----\n${p.output()}`).join('\n');
  // allSettled, not all: a role still starting when another fails must finish starting before it can be
  // killed, or it outlives the test and keeps jest from exiting.
  const starting = await Promise.allSettled([start('projector'), start('worker'), start('api')]);
  const failure = starting.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((p) => p.kill()));
    await peers.close();
    throw failure.reason;
  }
  const [projector, worker, api] = starting.map((r) => (r as PromiseFulfilledResult<RoleProcess>).value);

  const request: AppCluster['request'] = async (method, route, { key, body, admin } = {}) => {
    const headers: Record<string, string> = {};
    if (key) headers['x-api-key'] = key;
    if (admin) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(api.url + route, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return parse(response);
  };
  const stores: Array<{ close(): Promise<void> }> = [];

  return {
    api,
    projector,
    worker,
    peers,
    env,
    startWorker: (name, extra) => start('worker', name, extra),
    request,
    async uploadJob(key, csv, fileName = 'list.csv') {
      const form = new FormData();
      form.append('file', new Blob([csv]), fileName);
      return parse(await fetch(`${api.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': key }, body: form }));
    },
    async eventStore() {
      const url = process.env.EVENTSTORE_URL;
      const store = url
        ? new EsdbEventStore({ connectionString: url, log: () => undefined })
        : new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
      const keys = await openDataKeyStore({
        dataDir,
        mongo: { url: servers.MONGO_URL, dbName: mongoDatabase },
        personalData: {
          sealing: true,
          masterKey: env.DATA_MASTER_KEY ?? null,
          previousMasterKeys: [],
          keyCacheTtlMs: 30_000,
          keyStorePostgres: null,
        },
      });
      const policies = new PersonalDataRegistry();
      new PersonalDataPoliciesModule(policies, new PersonalMessageRegistry());
      const sealed = new SealingEventStore(store, new DataKeyCache(keys), policies);
      stores.push(sealed, { close: () => keys.close() });
      return sealed;
    },
    outputs,
    async close() {
      await Promise.all(started.map((p) => p.stop()));
      await Promise.all(stores.map((s) => s.close()));
      await peers.close();
      const mongo = await MongoClient.connect(servers.MONGO_URL);
      await mongo.db(mongoDatabase).dropDatabase();
      await mongo.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function parse(response: Response): Promise<HttpResult> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV downloads are not JSON: the text is the body.
  }
  return { status: response.status, body, text, headers: response.headers };
}

/** Wraps a test body so that, when it fails, every process's recent output is printed before the error. */
export function showingOutputsOnFailure(
  cluster: () => AppCluster | undefined,
  body: () => Promise<void>,
): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (error) {
      const current = cluster();
      if (current) process.stderr.write(`\n===== app process output (test failed) =====\n${current.outputs()}\n`);
      throw error;
    }
  };
}

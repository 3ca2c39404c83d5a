/**
 * The adapter settings of the benches that compare topologies (bench:topology, bench:verify-concurrency):
 * embedded, or Kafka + the MongoDB-wire server from the environment (a fresh database per run), optionally
 * with the event store on an EventStoreDB server. When POSTGRES_URL names the PostgreSQL that FerretDB runs
 * on, the data keys live there in a table of their own (DATA_KEYS_POSTGRES_URL, a fresh schema per run), as
 * a FerretDB deployment keeps them (docs/personal-data.md).
 */
import { MongoClient } from 'mongodb';
import { Client } from 'pg';
import { relayTopic } from '@lib/messaging';
import type { FakeEsdbServer } from '../libs/infra/eventstore/src/testing/fake-esdb/fake-esdb-server';
import { APP_GROUPS } from '../test/support/cluster/app-cluster';
import { skipBacklog } from '../test/support/cluster/kafka-backlog';

export interface Servers {
  kafka: string;
  mongo: string;
  /** The PostgreSQL under FerretDB, for the data keys; null keeps them in the MongoDB-wire server. */
  postgres: string | null;
}

/** Kafka and the MongoDB-wire server of scripts/integration-services.sh, or why they cannot be used. */
export function productionServers(): Servers | string {
  const { KAFKA_BROKERS, MONGO_URL, POSTGRES_URL } = process.env;
  if (!KAFKA_BROKERS || !MONGO_URL)
    return 'KAFKA_BROKERS and MONGO_URL not set (scripts/integration-services.sh up, then load its env file)';
  return { kafka: KAFKA_BROKERS, mongo: MONGO_URL, postgres: POSTGRES_URL || null };
}

/** The adapters' settings of one run, and what to clean after it. */
export async function adaptersFor(
  topology: 'embedded' | 'production' | 'roles' | 'esdb',
  servers: Servers,
  esdb: FakeEsdbServer | null,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  // Empty values unset what the bench's own environment holds (the app process inherits it).
  const unset = {
    KAFKA_BROKERS: '',
    MONGO_URL: '',
    MONGO_DATABASE: '',
    EVENTSTORE_URL: '',
    DATA_KEYS_POSTGRES_URL: '',
    DATA_KEYS_POSTGRES_SCHEMA: '',
  };
  if (topology === 'embedded') return { env: unset, cleanup: async () => undefined };
  const database = `bench_topology_${Date.now().toString(36)}`;
  // The usage consumer too: a run whose read side lagged leaves its events unconsumed on the broker.
  await skipBacklog(servers.kafka.split(','), {
    ...APP_GROUPS,
    'usage-analytics': ['verifications', 'finder', 'jobs'].map(relayTopic),
  });
  const env: Record<string, string> = {
    ...unset,
    KAFKA_BROKERS: servers.kafka,
    MONGO_URL: servers.mongo,
    MONGO_DATABASE: database,
  };
  if (topology === 'esdb' && esdb) env.EVENTSTORE_URL = esdb.connectionString();
  const keys = postgresKeyStore(servers.postgres, database);
  Object.assign(env, keys.env);
  return {
    env,
    cleanup: async () => {
      const mongo = await MongoClient.connect(servers.mongo);
      await mongo.db(database).dropDatabase();
      await mongo.close();
      await keys.cleanup();
    },
  };
}

/**
 * The data keys of one run in PostgreSQL (schema `<name>_keys`, dropped by cleanup), or nothing to set when
 * no PostgreSQL is given. Not the database's own name: FerretDB keeps each database in the schema of its name.
 */
export function postgresKeyStore(
  url: string | null,
  name: string,
): { env: Record<string, string>; cleanup: () => Promise<void> } {
  if (!url) return { env: {}, cleanup: async () => undefined };
  const schema = `${name}_keys`;
  return {
    env: { DATA_KEYS_POSTGRES_URL: url, DATA_KEYS_POSTGRES_SCHEMA: schema },
    cleanup: async () => {
      const sql = new Client(url);
      await sql.connect();
      await sql.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.end();
    },
  };
}

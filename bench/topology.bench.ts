/**
 * The same bulk job on the embedded adapters and on the production ones, side by side in one run: what
 * an operator who outgrows one machine gets from the cluster topology, and whether its cost per row
 * stays flat as the job grows.
 *
 *   scripts/integration-services.sh up && set -a && . .integration/env && set +a   # Kafka, FerretDB on PostgreSQL
 *   npm run bench:topology
 *   BENCH_TOPOLOGY_ROWS=2000,5000 BENCH_TOPOLOGIES=embedded,production,esdb npm run bench:topology
 *
 * The job: one domain on the real stock Postfix of scripts/integration/postfix.sh (INTEGRATION_DIR,
 * POSTFIX_ADDRESS choose the instance), 90% nonexistent (every tenth userN is a mailbox), through
 * POST /v1/jobs of the all-in-one app as its own process (bench/probe-app.ts), with single verifies of a
 * real mailbox at the same MX meanwhile (BENCH_SINGLES: open (default: BENCH_SINGLES_PER_SECOND, 5, a
 * second on a fixed schedule), closed, or none). Per run: rows/s, read-store operations and event-store
 * appends per row (counted by the app's own metrics: every adapter is wrapped by the same observer; the
 * single verifies' share included), single-verify p99, when the write side recorded the end (the rest is
 * the read side catching up), CPU seconds and peak RSS of each of the app's processes (from /proc), and on
 * PostgreSQL the statements FerretDB spent most time on. Then a sizing table per process: CPU seconds per
 * 1,000 rows and peak RSS of the all-in-one process and of each role.
 *
 * Topologies (BENCH_TOPOLOGIES, default embedded,production,roles):
 * - embedded: SQLite event store, SQLite bus, SQLite read models (one DATA_DIR);
 * - production: KAFKA_BROKERS and MONGO_URL from the environment (a fresh MONGO_DATABASE per run; the
 *   apps' Kafka groups skip what earlier runs left), event store embedded; skipped, with the reason,
 *   when either is unset;
 * - roles: production, with one api, one projector and one worker as three OS processes (APP_ROLES,
 *   bench/topology-roles.ts) sharing the embedded event store's DATA_DIR;
 * - esdb: production, with the event store on the fake EventStoreDB server of the event-store contract
 *   tests (libs/infra/eventstore/src/testing/fake-esdb: the real client over gRPC, the log in this process's memory).
 * Row counts: BENCH_TOPOLOGY_ROWS (5000,20000,100000). Then, on the production adapters, 1 vs 2 worker
 * processes on a list over many slow mail servers (bench/topology-workers.ts, its own BENCH_* settings;
 * BENCH_TOPOLOGY_WORKERS=0 skips it).
 */
import * as fs from 'node:fs';
import { FakeEsdbServer } from '../libs/infra/eventstore/src/testing/fake-esdb/fake-esdb-server';
import { adaptersFor, productionServers, type Servers } from './topology-adapters';
import { PORT, realPostfix, startBenchPeers, userAddress } from './probe-peers';
import type { SingleLoad } from './probe-job';
import { runTopologyJob, type JobFigures } from './topology-job';
import { startRoleProcesses } from './topology-roles';
import { printProcessSizing, printSizing, printTopologyTable } from './topology-report';
import { measureWorkerLists, WORKER_LIST_ROWS } from './topology-workers';

const ROWS = (process.env.BENCH_TOPOLOGY_ROWS ?? '5000,20000,100000').split(',').map(Number).filter(Boolean);
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'embedded,production,roles').split(',').map((t) => t.trim());
const SINGLES = process.env.BENCH_SINGLES ?? 'open';
const SINGLES_PER_SECOND = Number(process.env.BENCH_SINGLES_PER_SECOND ?? 5);
const SINGLE_LOAD: SingleLoad | null = SINGLES === 'none' ? null : SINGLES === 'closed' ? 'closed' : 'open';

type Topology = 'embedded' | 'production' | 'roles' | 'esdb';

/**
 * The processes of scripts/integration-services.sh (its pid files in INTEGRATION_DIR), sampled beside the
 * app: where the production path's time goes that the app's own CPU does not show.
 */
function serverProcesses(): { role: string; pid: number; tree?: boolean }[] {
  const dir = process.env.INTEGRATION_DIR ?? '.integration';
  const pidIn = (file: string) => {
    try {
      return Number(fs.readFileSync(`${dir}/${file}`, 'utf8').split('\n')[0]) || null;
    } catch {
      return null;
    }
  };
  const found = [
    { role: 'kafka', pid: pidIn('kafka.pid') },
    { role: 'ferretdb', pid: pidIn('ferretdb.pid') },
    { role: 'postgres', pid: pidIn('postgres/data/postmaster.pid'), tree: true },
  ];
  return found.filter((s): s is { role: string; pid: number; tree?: boolean } => s.pid !== null);
}

const describe: Record<Topology, string> = {
  embedded: 'embedded (SQLite event store, bus, read models)',
  production: 'Kafka + FerretDB/PostgreSQL, event store embedded',
  roles: 'the same, api/projector/worker as 3 processes',
  esdb: 'Kafka + FerretDB/PostgreSQL, fake EventStoreDB',
};

/** 1 vs 2 worker processes on many slow mail servers (bench/topology-workers.ts; BENCH_TOPOLOGY_WORKERS=0 skips it). */
async function workerScaling(servers: Servers): Promise<void> {
  console.log('');
  console.log(
    'worker processes (APP_ROLES=worker) on the cluster adapters, a list over many slow MX (bench/topology-workers.ts):',
  );
  const targets = await measureWorkerLists(WORKER_LIST_ROWS, {
    kafkaBrokers: servers.kafka,
    mongoUrl: servers.mongo,
    postgresUrl: servers.postgres,
    log: (line) => console.log(`  ${line}`),
  });
  for (const line of targets) console.log(line);
}

async function main(): Promise<void> {
  const postfix = realPostfix();
  if (!postfix) throw new Error('the real Postfix could not start (scripts/integration/postfix.sh); see above');
  const servers = productionServers();
  const topologies = TOPOLOGIES.filter((t): t is Topology => t in describe).filter((t) => {
    if (t === 'embedded' || typeof servers !== 'string') return true;
    console.log(`${t}: skipped (${servers})`);
    return false;
  });
  const esdb = topologies.includes('esdb') ? await FakeEsdbServer.start() : null;
  const peers = await startBenchPeers(['real-postfix'], postfix, 0);
  console.log(
    `bench:topology — one domain on the real Postfix ${postfix.version} (${postfix.host}:${postfix.port}), 90% nonexistent; ` +
      `load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at start`,
  );
  const results: { topology: string; figures: JobFigures }[] = [];
  try {
    for (const rows of ROWS) {
      const addresses = Array.from({ length: rows }, (_, i) => userAddress(i, postfix.domain));
      for (const topology of topologies) {
        const adapters = await adaptersFor(topology, servers as Servers, esdb);
        try {
          const figures = await runTopologyJob({
            adapters: adapters.env,
            addresses,
            single: userAddress(0, postfix.domain),
            singleLoad: SINGLE_LOAD,
            singlesPerSecond: SINGLES_PER_SECOND,
            dnsServer: peers.dns.server,
            smtpPort: PORT,
            profilePostgres: topology !== 'embedded',
            startApp: topology === 'roles' ? startRoleProcesses : undefined,
            servers: topology === 'embedded' ? [] : serverProcesses(),
          });
          results.push({ topology: describe[topology], figures });
          printTopologyTable([{ topology: describe[topology], figures }], SINGLE_LOAD, {
            header: results.length === 1,
            details: true,
          });
        } finally {
          await adapters.cleanup();
        }
      }
    }
    console.log('');
    printTopologyTable(results, SINGLE_LOAD, { header: true });
    printSizing(results);
    printProcessSizing(results);
    if (typeof servers !== 'string' && process.env.BENCH_TOPOLOGY_WORKERS !== '0') await workerScaling(servers);
    console.log(`load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end`);
  } finally {
    await peers.close();
    await esdb?.stop();
    postfix.stop();
  }
}

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });

// The MongoDB-wire server (FerretDB on PostgreSQL from scripts/integration-services.sh) stopped and started
// again in the middle of a bulk job run by separate api, worker and projector processes: the job completes,
// every row is in the download once, and every decisive result is charged once (ledger-replay agrees).
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { EventStore } from '@lib/eventstore';
import { runAdminWith } from '../support/app-process';
import { startAppCluster, showingOutputsOnFailure, type AppCluster } from './support/app-cluster';
import { balanceOnceSettled, downloadRows, jobWhenFinished, until } from './support/cluster-helpers';
import { describeWithServers } from './support/servers';

const SLOW_BANNER_MS = 3_000;
const ROWS: Array<[string, string]> = [
  ['alice@alpha.test', 'ok'],
  ['nobody@gamma.test', 'invalid'],
  ['anyone@beta.test', 'catch_all'],
  ['s1@slow.test', 'ok'],
  ['held@slow.test', 'unknown'],
  ...Array.from({ length: 40 }, (_, n): [string, string] => [`bulk${n}@slow.test`, 'invalid']),
];
const CSV = ['email', ...ROWS.map(([email]) => email)].join('\n');
const DECISIVE = ROWS.filter(([, result]) => result !== 'unknown').length;
const CREDITS = 100;
const SCRIPT = path.resolve(__dirname, '../../scripts/integration-services.sh');

describeWithServers(
  ['KAFKA_BROKERS', 'MONGO_URL'],
  'the MongoDB-wire server restarted in the middle of a bulk job',
  (servers) => {
    let cluster: AppCluster | undefined;
    let events: EventStore;

    beforeAll(async () => {
      cluster = await startAppCluster(servers, { slowBannerMs: SLOW_BANNER_MS });
      events = cluster.eventStore();
    }, 240_000);
    afterAll(() => cluster?.close(), 60_000);

    it(
      'completes the job, each row once and each decisive result charged once',
      showingOutputsOnFailure(
        () => cluster,
        async () => {
          const { accountId, apiKey: key } = (
            await cluster!.request('POST', '/admin/v1/accounts', {
              admin: true,
              body: { name: 'Restart', credits: CREDITS },
            })
          ).body.data;
          const created = await cluster!.uploadJob(key, CSV, 'restart.csv');
          expect(created.status).toBe(201);
          const jobId: number = created.body.data.id;
          await until(
            'a chunk recorded',
            async () =>
              (await events.readStream(`jobs-${jobId}`)).some((e) => e.type === 'ChunkCompleted') ? true : undefined,
            60_000,
            50,
          );
          const started = Date.now();
          execFileSync('bash', [SCRIPT, 'restart-mongo'], { stdio: ['ignore', 'ignore', 'pipe'] });
          process.stderr.write(`FerretDB restarted mid-job in ${Date.now() - started} ms\n`);

          const job = await jobWhenFinished(cluster!, key, jobId, 240_000);
          expect(job).toMatchObject({
            status: 'Completed',
            progress: { processedRows: ROWS.length, totalRows: ROWS.length },
            creditsCharged: DECISIVE,
          });
          const {
            partial,
            rows: [, ...rows],
          } = await downloadRows(cluster!, key, jobId);
          expect(partial).toBe('false');
          expect(rows).toEqual(ROWS);
          const completed = (await events.readStream(`jobs-${jobId}`)).filter((e) => e.type === 'ChunkCompleted');
          expect(new Set(completed.map((e) => e.data.chunkNo)).size).toBe(completed.length);
          expect(await balanceOnceSettled(cluster!, key, CREDITS - DECISIVE)).toMatchObject({
            balance: CREDITS - DECISIVE,
            held: 0,
          });
          const audit = await runAdminWith(cluster!.env, 'ledger-replay', '--account', accountId);
          expect({ code: audit.code, ok: audit.json?.ok, balance: audit.json?.balance }).toEqual({
            code: 0,
            ok: true,
            balance: CREDITS - DECISIVE,
          });
        },
      ),
      360_000,
    );
  },
);

import { eventually, present } from '@lib/common/testing';
// One engine of the cluster topology (Kafka or the MongoDB-wire server, from scripts/integration-services.sh)
// stopped and started again on its data in the middle of a bulk job run by separate api, worker and
// projector processes: the job completes, every row is in the download once, and every decisive result is
// charged once (ledger-replay agrees). Each engine's spec file calls this, so each runs on its own cluster.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { EventStore } from '@lib/eventstore';
import { startAppCluster, showingOutputsOnFailure, type AppCluster } from './app-cluster';

import { expectCompletedOnceChargedOnce, openAccountWithJob } from './job-once-checks';
import { describeWithServers } from './servers';

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
const SCRIPT = path.resolve(__dirname, '../../../scripts/integration-services.sh');

const ENGINES = {
  kafka: { command: 'restart-kafka', name: 'a Kafka broker', shown: 'Kafka' },
  mongo: { command: 'restart-mongo', name: 'the MongoDB-wire server', shown: 'FerretDB' },
};

export function describeRestartMidJob(engine: keyof typeof ENGINES): void {
  const { command, name, shown } = ENGINES[engine];
  describeWithServers(['KAFKA_BROKERS', 'MONGO_URL'], `${name} restarted in the middle of a bulk job`, (servers) => {
    let cluster: AppCluster | undefined;
    let events: EventStore;

    beforeAll(async () => {
      cluster = await startAppCluster(servers, { slowBannerMs: SLOW_BANNER_MS });
      events = await cluster.eventStore();
    }, 240_000);
    afterAll(() => cluster?.close(), 60_000);

    it(
      'completes the job, each row once and each decisive result charged once',
      showingOutputsOnFailure(
        () => cluster,
        async () => {
          const job = await openAccountWithJob(cluster!, 'Restart', CREDITS, CSV, 'restart.csv');
          const jobId = job.jobId;
          await eventually(
            async () =>
              present(
                (await events.readStream(`jobs-${jobId}`)).some((e) => e.type === 'ChunkCompleted') ? true : undefined,
                'a chunk recorded',
              ),
            { timeoutMs: 60_000, intervalMs: 50 },
          );
          const started = Date.now();
          execFileSync('bash', [SCRIPT, command], { stdio: ['ignore', 'ignore', 'pipe'] });
          process.stderr.write(`${shown} restarted mid-job in ${Date.now() - started} ms\n`);

          await expectCompletedOnceChargedOnce(cluster!, job, {
            rows: ROWS,
            decisive: DECISIVE,
            credits: CREDITS,
            timeoutMs: 240_000,
          });
          const completed = (await events.readStream(`jobs-${jobId}`)).filter((e) => e.type === 'ChunkCompleted');
          expect(new Set(completed.map((e) => e.data.chunkNo)).size).toBe(completed.length);
        },
      ),
      360_000,
    );
  });
}

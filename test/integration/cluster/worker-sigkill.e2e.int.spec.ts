import { eventually, present } from '@lib/common/testing';
// A worker process SIGKILLed in the middle of a bulk job on Kafka: a new worker process, or a second one
// that was running beside it, takes over the uncommitted chunk messages, the job completes, every row gets
// exactly one result, and the credits charged are exactly the decisive results (no chunk charged twice, no
// hold left open; the admin CLI's ledger-replay agrees).
import type { EventStore, RecordedEvent } from '@lib/eventstore';
import { startAppCluster, showingOutputsOnFailure, type AppCluster } from '../../support/cluster/app-cluster';

import { expectCompletedOnceChargedOnce, openAccountWithJob } from '../../support/cluster/job-once-checks';
import { describeWithServers } from '../../support/cluster/servers';

// slow.test's MX delays its banner by this much, so its chunks are caught in flight, held but not recorded.
const SLOW_BANNER_MS = 4_000;
const ROWS: Array<[string, string]> = [
  ['alice@alpha.test', 'ok'],
  ['bob@alpha.test', 'ok'],
  ['nobody@gamma.test', 'invalid'],
  ['anyone@beta.test', 'catch_all'],
  ['x@blocked.test', 'unknown'],
  ['s1@slow.test', 'ok'],
  ['s2@slow.test', 'ok'],
  ['s3@slow.test', 'ok'],
  ['s4@slow.test', 'invalid'],
  ['s5@slow.test', 'invalid'],
  ['s6@slow.test', 'invalid'],
  ['held@slow.test', 'unknown'],
  // Enough of slow.test to split it over the chunk lanes: both workers then have its chunks in flight.
  ...Array.from({ length: 80 }, (_, n): [string, string] => [`bulk${n}@slow.test`, 'invalid']),
];
const CSV = ['email', ...ROWS.map(([email]) => email)].join('\n');
const DECISIVE = ROWS.filter(([, result]) => result !== 'unknown').length;
const CREDITS = 200;

/** Holds of a ledger that were neither used nor released. */
function openHolds(ledger: RecordedEvent[]): string[] {
  const ended = new Set(
    ledger.filter((e) => e.type === 'CreditsUsed' || e.type === 'CreditHoldReleased').map((e) => e.data.holdId),
  );
  return ledger.filter((e) => e.type === 'CreditsHeld' && !ended.has(e.data.holdId)).map((e) => e.data.holdId);
}

// Who finishes the job: a worker started after the kill, or the second worker that ran all along.
for (const takeover of ['a new worker process', 'the second worker process'] as const) {
  describeWithServers(
    ['KAFKA_BROKERS', 'MONGO_URL'],
    `a worker process SIGKILLed in the middle of a bulk job, finished by ${takeover}`,
    (servers) => {
      let cluster: AppCluster | undefined;
      let events: EventStore;

      beforeAll(async () => {
        // A short Kafka session: the killed member's partitions move to the survivor after 6 s, not 30.
        cluster = await startAppCluster(servers, {
          slowBannerMs: SLOW_BANNER_MS,
          env: { KAFKA_SESSION_TIMEOUT_MS: '6000' },
        });
        if (takeover === 'the second worker process') await cluster.startWorker('worker-2');
        events = await cluster.eventStore();
      }, 240_000);
      afterAll(() => cluster?.close(), 60_000);

      it(
        'completes, each row verified once and each decisive result charged once',
        showingOutputsOnFailure(
          () => cluster,
          async () => {
            const opened = await openAccountWithJob(cluster!, 'Crash', CREDITS, CSV, 'crash.csv');
            const { accountId, jobId } = opened;
            const jobEvents = () => events.readStream(`jobs-${jobId}`);
            const ledger = () => events.readStream(`credits-${accountId}`);
            const completedChunks = async () => (await jobEvents()).filter((e) => e.type === 'ChunkCompleted');

            // Mid-job: some chunks recorded, and some held but not yet recorded (the slow MX is still answering).
            const atKill = await eventually(
              async () => {
                const [completed, holds] = [await completedChunks(), openHolds(await ledger())];
                return present(
                  completed.length > 0 && holds.length > 0 ? { completed: completed.length, holds } : undefined,
                  'a chunk recorded while another is in flight',
                );
              },
              { timeoutMs: 60_000, intervalMs: 50 },
            );
            await cluster!.worker.kill();
            const chunkCount: number = (await jobEvents()).find((e) => e.type === 'JobCreated')!.data.chunkCount;
            expect(atKill.completed).toBeLessThan(chunkCount);
            const stillOpen = openHolds(await ledger());
            expect(stillOpen.length).toBeGreaterThan(0);

            const restartedAt = Date.now();
            if (takeover === 'a new worker process') await cluster!.startWorker('worker-2');
            const job = await expectCompletedOnceChargedOnce(cluster!, opened, {
              rows: ROWS,
              decisive: DECISIVE,
              credits: CREDITS,
              timeoutMs: 120_000,
            });
            process.stderr.write(
              `worker SIGKILL test: killed with ${atKill.completed}/${chunkCount} chunks recorded and ${stillOpen.length} hold(s) open; ` +
                `${takeover} finished the job ${Date.now() - restartedAt} ms after the kill or its start (Kafka session timeout included)\n`,
            );
            expect(job.results).toMatchObject({ ok: 5, invalid: 84, catch_all: 1, unknown: 2 });

            // The event store is the source of truth: each chunk and each address recorded once...
            const completed = await completedChunks();
            expect(completed.length).toBe(chunkCount);
            expect(new Set(completed.map((e) => e.data.chunkNo)).size).toBe(chunkCount);
            const recordedAddresses = completed
              .flatMap((e) => e.data.results.map((r: { canonical: string }) => r.canonical))
              .sort();
            expect(recordedAddresses).toEqual(ROWS.map(([email]) => email.toLowerCase()).sort());
            // ...and each chunk's hold settled once, charging exactly the decisive results, none left open.
            const final = await ledger();
            const used = final.filter(
              (e) => e.type === 'CreditsUsed' && String(e.data.reference).startsWith(`job:${jobId}:`),
            );
            expect(new Set(used.map((e) => e.data.holdId)).size).toBe(used.length);
            expect(used.reduce((sum, e) => sum + e.data.amount, 0)).toBe(DECISIVE);
            expect(openHolds(final)).toEqual([]);
          },
        ),
        240_000,
      );
    },
  );
}

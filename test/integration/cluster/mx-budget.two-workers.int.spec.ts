// Two worker processes (separate OS processes on Kafka and FerretDB) probing a list over a few slow MX hosts:
// with one SMTP_EGRESS_ID (two workers behind one address) the sessions open at once at each MX, counted by
// the peer, never exceed SMTP_PER_MX_CONCURRENCY; with an id each (two addresses) each worker has its own
// budget, so some MX sees more than one ceiling's worth at once. The peer counts a socket from accept to
// close, and a worker frees its shared slot only after its side of the connection closed.
import type { MailPeers } from '../../support/peers/mail-peers';
import { startAppCluster, showingOutputsOnFailure, type AppCluster } from '../../support/cluster/app-cluster';
import { jobWhenFinished } from '../../support/cluster/cluster-helpers';
import { describeWithServers } from '../../support/cluster/servers';
import { slowManyCsv, startSlowManyPeers } from '../../support/peers/slow-many-peers';

const DOMAINS = 4;
const ROWS = 1_200;
const BANNER_MS = 400;
const CEILING = 2;

for (const egress of ['one egress id', 'an egress id each'] as const) {
  describeWithServers(['KAFKA_BROKERS', 'MONGO_URL'], `two worker processes on ${egress}`, (servers) => {
    let cluster: AppCluster | undefined;
    let peers: MailPeers | undefined;
    const egressOf = (w: number) => ({ SMTP_EGRESS_ID: egress === 'one egress id' ? 'host-a' : `host-${w}` });

    beforeAll(async () => {
      cluster = await startAppCluster(servers, {
        mailPeers: async () => (peers = await startSlowManyPeers(DOMAINS, BANNER_MS)),
        env: {
          JOB_CHUNK_SIZE: '50',
          // The adaptive limit pinned at the ceiling: each worker would open CEILING sessions per MX at once.
          SMTP_PER_MX_CONCURRENCY: String(CEILING),
          SMTP_PER_MX_CONCURRENCY_FLOOR: String(CEILING),
          ...egressOf(1),
        },
      });
      await cluster.startWorker('worker-2', egressOf(2));
    }, 240_000);
    afterAll(() => cluster?.close(), 60_000);

    it(
      egress === 'one egress id'
        ? 'never have more sessions open at one MX than the ceiling, and use it'
        : 'each use their own budget: some MX sees more sessions at once than one ceiling',
      showingOutputsOnFailure(
        () => cluster,
        async () => {
          const opened = await cluster!.request('POST', '/admin/v1/accounts', {
            admin: true,
            body: { name: 'mx budget', credits: ROWS * 2 },
          });
          const key = opened.body.data.apiKey as string;
          const created = await cluster!.uploadJob(key, slowManyCsv(ROWS, DOMAINS));
          expect(created.status).toBe(201);
          const job = await jobWhenFinished(cluster!, key, created.body.data.id, 240_000);
          expect(job.status).toBe('Completed');
          const peaks = Object.values(peers!.smtp.stats.maxConcurrentByHost);
          expect(peaks).toHaveLength(DOMAINS);
          if (egress === 'one egress id') {
            expect(Math.max(...peaks)).toBe(CEILING);
          } else {
            expect(Math.max(...peaks)).toBeGreaterThan(CEILING);
          }
        },
      ),
      300_000,
    );
  });
}

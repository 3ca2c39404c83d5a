// End to end across processes: the api, worker and projector run as three OS processes on Kafka and a
// MongoDB-wire server (FerretDB from scripts/integration-services.sh) sharing one event store, and a
// request has to pass through each of them: the projector projects the new key before the api accepts
// it, and a bulk job is dispatched and verified by the worker over Kafka after the relay publishes it.
import { startAppCluster, showingOutputsOnFailure, type AppCluster } from '../../support/cluster/app-cluster';
import { balanceOnceSettled, downloadRows, jobWhenFinished } from '../../support/cluster/cluster-helpers';
import { describeWithServers } from '../../support/cluster/servers';

const CSV = [
  'email,name',
  'alice@alpha.test,Alice',
  'bob@alpha.test,Bob',
  'nobody@gamma.test,Nobody',
  'anyone@beta.test,Any',
  'Alice@Alpha.test,Alice again',
  'not-an-email,Broken',
].join('\n');
const EXPECTED_RESULTS = ['ok', 'ok', 'invalid', 'catch_all', 'ok', 'invalid'];

describeWithServers(['KAFKA_BROKERS', 'MONGO_URL'], 'api, worker and projector as separate processes', (servers) => {
  let cluster: AppCluster | undefined;
  let key: string;
  let jobId: number;
  const test = (name: string, body: () => Promise<void>, timeoutMs?: number) =>
    it(
      name,
      showingOutputsOnFailure(() => cluster, body),
      timeoutMs,
    );

  beforeAll(async () => {
    const started = Date.now();
    cluster = await startAppCluster(servers);
    process.stderr.write(`multi-process e2e: api, worker and projector ready in ${Date.now() - started} ms\n`);
  }, 240_000);
  afterAll(() => cluster?.close(), 60_000);

  test('every process reports Kafka, MongoDB and the shared event store as up on /ready', async () => {
    const expected = process.env.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite';
    for (const role of [cluster!.api, cluster!.worker, cluster!.projector]) {
      const ready = (await fetch(`${role.url}/ready`).then((r) => r.json())) as any;
      expect({ process: role.name, checks: ready.data.checks }).toEqual({
        process: role.name,
        checks: {
          eventStore: { adapter: expected, up: true },
          readStore: { adapter: 'mongodb', up: true },
          messageBus: { adapter: 'kafka', up: true },
          blobStore: { adapter: 'gridfs', up: true },
        },
      });
    }
  });

  test('opens an account through the admin API whose key works at once, projected by the projector process', async () => {
    const opened = await cluster!.request('POST', '/admin/v1/accounts', {
      admin: true,
      body: { name: 'Multi-process', credits: 20 },
    });
    expect(opened.status).toBe(201);
    key = opened.body.data.apiKey;
    // The first call with the new key, straight away: 401 if the api had answered before the projection.
    const first = await cluster!.request('GET', '/v1/credits/balance', { key });
    expect(first.status).toBe(200);
    // The balance is another read model, which may trail the admin call by a projector hop.
    expect(await balanceOnceSettled(cluster!, key, 20)).toMatchObject({ balance: 20, held: 0 });
  });

  test('verifies a single address against the loopback SMTP peer and charges one credit', async () => {
    const verified = await cluster!.request('POST', '/v1/verify/single', { key, body: { email: 'alice@alpha.test' } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      email: 'alice@alpha.test',
      result: 'ok',
      creditsCharged: 1,
      creditsRemaining: 19,
    });
    expect(cluster!.peers.smtp.stats.rcpts.map((r) => r.address)).toContain('alice@alpha.test');
  });

  test('runs an uploaded CSV job on the worker process over Kafka to Completed', async () => {
    const created = await cluster!.uploadJob(key, CSV);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'Pending',
      counts: { rows: 6, uniqueAddresses: 5, duplicates: 1, invalidSyntax: 1 },
      quote: 5,
    });
    jobId = created.body.data.id;
    const job = await jobWhenFinished(cluster!, key, jobId, 90_000);
    expect(job).toMatchObject({ status: 'Completed', progress: { processedRows: 6, totalRows: 6 }, creditsCharged: 5 });
    expect(job.results).toMatchObject({ ok: 3, invalid: 2, catch_all: 1, unknown: 0 });
  }, 120_000);

  test('downloads the original rows with one result each, and the ledger shows the charges', async () => {
    const {
      partial,
      rows: [header, ...rows],
    } = await downloadRows(cluster!, key, jobId);
    expect(partial).toBe('false');
    expect(header).toEqual(['email', 'name', 'result']);
    expect(rows.map((row) => row[0])).toEqual(
      CSV.split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    );
    expect(rows.map((row) => row[2])).toEqual(EXPECTED_RESULTS);
    // 20 granted, 1 single verification, 5 decisive unique cells in the job (the malformed one too: `invalid` is decisive).
    expect(await balanceOnceSettled(cluster!, key, 14)).toMatchObject({ balance: 14, held: 0 });
  });
});

// End to end across processes: the api, worker and projector run as three OS processes on Kafka and a
// MongoDB-wire server (FerretDB from scripts/integration-services.sh) sharing one event store, and a
// request has to pass through each of them: the projector projects the new key before the api accepts
// it, and a bulk job is dispatched and verified by the worker over Kafka after the relay publishes it.
import { readCsvRecords } from '@lib/jobs';
import { startAppCluster, showingOutputsOnFailure, type AppCluster } from './support/app-cluster';
import { describeWithServers } from './support/servers';

const CSV = ['email,name', 'alice@alpha.test,Alice', 'bob@alpha.test,Bob', 'nobody@gamma.test,Nobody', 'anyone@beta.test,Any', 'Alice@Alpha.test,Alice again', 'not-an-email,Broken'].join('\n');
const EXPECTED_RESULTS = ['ok', 'ok', 'invalid', 'catch_all', 'ok', 'invalid'];

async function csvRows(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const record of readCsvRecords([Buffer.from(text)])) rows.push(record.fields);
  return rows;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeWithServers(['KAFKA_BROKERS', 'MONGO_URL'], 'api, worker and projector as separate processes', (servers) => {
  let cluster: AppCluster | undefined;
  let key: string;
  let jobId: number;
  const test = (name: string, body: () => Promise<void>, timeoutMs?: number) => it(name, showingOutputsOnFailure(() => cluster, body), timeoutMs);

  beforeAll(async () => {
    const started = Date.now();
    cluster = await startAppCluster(servers);
    process.stderr.write(`multi-process e2e: api, worker and projector ready in ${Date.now() - started} ms\n`);
  }, 240_000);
  afterAll(() => cluster?.close(), 60_000);

  test('every process reports Kafka, MongoDB and the shared event store as up on /ready', async () => {
    const expected = process.env.EVENTSTORE_URL ? 'eventstoredb' : 'sqlite';
    for (const role of [cluster!.api, cluster!.worker, cluster!.projector]) {
      const ready = await fetch(`${role.url}/ready`).then((r) => r.json() as Promise<any>);
      expect([role.name, JSON.stringify(ready)]).toEqual([role.name, expect.stringContaining('"adapter":"kafka"')]);
      expect(JSON.stringify(ready)).toContain('"adapter":"mongodb"');
      expect(JSON.stringify(ready)).toContain(`"adapter":"${expected}"`);
      expect(JSON.stringify(ready)).not.toContain('"up":false');
    }
  });

  test('opens an account through the admin API whose key works at once, projected by the projector process', async () => {
    const opened = await cluster!.request('POST', '/admin/v1/accounts', { admin: true, body: { name: 'Multi-process', credits: 20 } });
    expect(opened.status).toBe(201);
    key = opened.body.data.apiKey;
    const balance = await cluster!.request('GET', '/v1/credits/balance', { key });
    expect(balance.status).toBe(200);
    expect(balance.body.data).toMatchObject({ balance: 20, held: 0 });
  });

  test('verifies a single address against the loopback SMTP peer and charges one credit', async () => {
    const verified = await cluster!.request('POST', '/v1/verify/single', { key, body: { email: 'alice@alpha.test' } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ email: 'alice@alpha.test', result: 'ok', creditsCharged: 1, creditsRemaining: 19 });
    expect(cluster!.peers.smtp.stats.rcpts.map((r) => r.address)).toContain('alice@alpha.test');
  });

  test('runs an uploaded CSV job on the worker process over Kafka to Completed', async () => {
    const created = await cluster!.uploadJob(key, CSV);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'Pending', counts: { rows: 6, uniqueAddresses: 4, duplicates: 1, invalidSyntax: 1 }, quote: 4 });
    jobId = created.body.data.id;
    const job = await until('the job to finish', async () => {
      const read = await cluster!.request('GET', `/v1/jobs/${jobId}`, { key });
      return ['Completed', 'Failed', 'Cancelled'].includes(read.body.data?.status) ? read.body.data : undefined;
    }, 90_000);
    expect(job).toMatchObject({ status: 'Completed', progress: { processedRows: 6, totalRows: 6 }, creditsCharged: 4 });
    expect(job.results).toMatchObject({ ok: 3, invalid: 2, catch_all: 1, unknown: 0 });
  }, 120_000);

  test('downloads the original rows with one result each, and the ledger shows the charges', async () => {
    const download = await fetch(`${cluster!.api.url}/v1/jobs/${jobId}/download?columns=result`, { headers: { 'x-api-key': key } });
    expect(download.status).toBe(200);
    expect(download.headers.get('x-partial-result')).toBe('false');
    const [header, ...rows] = await csvRows(await download.text());
    expect(header).toEqual(['email', 'name', 'result']);
    expect(rows.map((row) => row[0])).toEqual(CSV.split('\n').slice(1).map((line) => line.split(',')[0]));
    expect(rows.map((row) => row[2])).toEqual(EXPECTED_RESULTS);
    // 20 granted, 1 single verification, 4 decisive unique addresses in the job.
    const balance = await until('the balance read model to catch up', async () => {
      const data = (await cluster!.request('GET', '/v1/credits/balance', { key })).body.data;
      return data?.balance === 15 ? data : undefined;
    }, 20_000);
    expect(balance).toMatchObject({ balance: 15, held: 0 });
  });
});

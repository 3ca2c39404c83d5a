// Three api processes on one MongoDB-wire server (MONGO_URL: FerretDB on PostgreSQL from the script, or
// MongoDB) limit one API key together: with a bucket per process, a client spreading its calls over the
// replicas behind a load balancer got three times the documented rate.
import { MongoClient } from 'mongodb';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

const PER_SECOND = 10;
const BURST = 20;

describeWithServers(['MONGO_URL'], 'the per-key rate limit across three api processes', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_rate_apis');
  let apps: TestApp[] = [];
  let apiKey: string;

  beforeAll(async () => {
    // The first process projects (its event store is the one the admin API writes to), so the key it
    // creates is in the shared read models; the other two are api replicas on the same read store.
    const env = {
      MONGO_URL,
      MONGO_DATABASE: dbName,
      RATE_LIMIT_PER_SECOND: String(PER_SECOND),
      RATE_LIMIT_BURST: String(BURST),
    };
    apps = [await startTestApp(env)];
    apiKey = (await apps[0].createAccount(10)).apiKey;
    apps.push(await startTestApp({ ...env, APP_ROLES: 'api' }), await startTestApp({ ...env, APP_ROLES: 'api' }));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  const balance = (app: TestApp) => app.request('GET', '/v1/credits/balance', { key: apiKey });

  it('answers 429 once the burst is spent across the three, not three bursts later', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 3 * BURST }, (_, i) => balance(apps[i % 3])));
    const seconds = (Date.now() - started) / 1000;
    const ok = answers.filter((answer) => answer.status === 200).length;
    const limited = answers.filter((answer) => answer.status === 429);
    // The burst, plus what refilled while the 60 calls were in flight; three buckets would let all 60 through.
    expect(ok).toBeGreaterThanOrEqual(BURST);
    expect(ok).toBeLessThanOrEqual(BURST + Math.ceil(PER_SECOND * seconds));
    expect(ok).toBeLessThan(3 * BURST);
    expect(limited[0].body.error.code).toBe(1201);
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(ok + limited.length).toBe(3 * BURST);
  }, 60_000);

  it('holds the documented rate over 4 s of calls spread over the three (about 10/s, not 30/s)', async () => {
    await new Promise((resolve) => setTimeout(resolve, (BURST / PER_SECOND) * 1000)); // a full bucket again
    const started = Date.now();
    let ok = 0;
    let sent = 0;
    // Waves of 15 calls, round-robin, back to back for 4 s: far more than the rate.
    while (Date.now() - started < 4_000) {
      const wave = await Promise.all(Array.from({ length: 15 }, (_, i) => balance(apps[(sent + i) % 3])));
      sent += wave.length;
      ok += wave.filter((answer) => answer.status === 200).length;
    }
    const seconds = (Date.now() - started) / 1000;
    const documented = BURST + Math.ceil(PER_SECOND * seconds);
    expect(sent).toBeGreaterThan(documented * 1.5);
    // At most the burst plus the rate for the time spent; three buckets would have let up to 3x through.
    expect(ok).toBeLessThanOrEqual(documented);
    expect(ok).toBeGreaterThanOrEqual(BURST);
  }, 60_000);
});

// Two api processes on one MongoDB-wire server (MONGO_URL: FerretDB on PostgreSQL from the script, or
// MongoDB) count one client address's wrong admin tokens together: with a bucket per process, an attacker
// alternating between the replicas behind a load balancer got twice ADMIN_MAX_FAILURES_PER_ADDRESS guesses.
import { MongoClient } from 'mongodb';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

const GUESSES_PER_MINUTE = 4;

describeWithServers(['MONGO_URL'], 'the admin-token guess throttle across two api processes', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_admin_guess_apis');
  let apps: TestApp[] = [];

  beforeAll(async () => {
    // API role only: each process has its own event store (DATA_DIR); they share the MongoDB database. The
    // test's connections come from 127.0.0.1, which as a trusted proxy names the client in X-Forwarded-For.
    const env = {
      MONGO_URL,
      MONGO_DATABASE: dbName,
      APP_ROLES: 'api',
      TRUSTED_PROXIES: '127.0.0.1',
      ADMIN_MAX_FAILURES_PER_ADDRESS: String(GUESSES_PER_MINUTE),
    };
    apps = [await startTestApp(env), await startTestApp(env)];
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  const adminCall = (app: TestApp, client: string, token: string) =>
    app.request('DELETE', '/admin/v1/keys/0000000000000000', {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client },
    });

  it('answers 429 once an address has spent its guesses at either process, a right token included', async () => {
    const client = '203.0.113.41';
    const statuses: number[] = [];
    for (let i = 0; i < GUESSES_PER_MINUTE; i++)
      statuses.push((await adminCall(apps[i % 2], client, `guess-${i}`)).status);
    expect(statuses).toEqual(Array(GUESSES_PER_MINUTE).fill(401));
    for (const app of apps) {
      const throttled = await adminCall(app, client, 'one-more-guess');
      expect({ status: throttled.status, code: throttled.body.error.code }).toEqual({ status: 429, code: 1201 });
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const right = await adminCall(app, client, ADMIN_TOKEN);
      expect({ status: right.status, code: right.body.error.code }).toEqual({ status: 429, code: 1201 });
    }
    // The operator at another address is served by both, and right tokens spend nothing.
    for (let i = 0; i < 3 * GUESSES_PER_MINUTE; i++)
      expect((await adminCall(apps[i % 2], '198.51.100.42', ADMIN_TOKEN)).status).toBe(404);
  });

  it('compares at most one guess per process past the limit when both are hit at once', async () => {
    const client = '203.0.113.43';
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => adminCall(apps[i % 2], client, `burst-${i}`)),
    );
    const compared = answers.filter((answer) => answer.status === 401).length;
    // Each process compares one guess of an address at a time; the other may be comparing one of its own.
    expect(compared).toBeGreaterThanOrEqual(GUESSES_PER_MINUTE);
    expect(compared).toBeLessThanOrEqual(GUESSES_PER_MINUTE + 1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(24 - compared);
  });
});

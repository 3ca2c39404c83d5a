// Two API processes on one MongoDB-wire server (MONGO_URL: FerretDB from the script, or MongoDB) throttle
// sign-in together: with a throttle per process an attacker alternating between them got twice the attempts.
import { MongoClient } from 'mongodb';
import { DashboardBrowser } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'sign-in throttling across API processes', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_signin_apps');
  let apps: TestApp[] = [];

  beforeAll(async () => {
    // API role only: each process has its own event store (DATA_DIR), and they share the MongoDB database.
    // A day-long fixed window keeps a window boundary out of the test.
    const env = {
      MONGO_URL,
      MONGO_DATABASE: dbName,
      APP_ROLES: 'api',
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
      SIGNIN_WINDOW_SECONDS: '86400',
    };
    apps = [await startTestApp(env), await startTestApp(env)];
  }, 60_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  const browserOf = async (app: TestApp): Promise<DashboardBrowser> => {
    const browser = new DashboardBrowser(app.url);
    await browser.prepare();
    return browser;
  };
  const signIn = (browser: DashboardBrowser, email: string) =>
    browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: 'not the password' } });

  it('counts failures at one account made through either process against one limit', async () => {
    const [a, b] = [await browserOf(apps[0]), await browserOf(apps[1])];
    const email = `target-${Date.now()}@example.com`;
    expect((await signIn(a, email)).status).toBe(401);
    expect((await signIn(b, email)).status).toBe(401);
    expect((await signIn(a, email)).status).toBe(401);
    const throttled = await signIn(b, email);
    expect({ status: throttled.status, code: throttled.body.error.code }).toEqual({ status: 429, code: 6004 });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(a, email)).status).toBe(429);
    // Another account is not affected.
    expect((await signIn(b, `other-${Date.now()}@example.com`)).status).toBe(401);
  });

  it('lets no more than the limit through when both processes are hit at once', async () => {
    const browsers = [await browserOf(apps[0]), await browserOf(apps[1])];
    const email = `burst-${Date.now()}@example.com`;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(browsers[i % 2], email)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(9);
  });
});

// /ready of the whole app on EventStoreDB, against the loopback fake server with the real client:
// what a ping alone did not show (a user without $all access, a server too old) makes the app unready.
import { FakeEsdbServer } from '@lib/eventstore/testing';
import { startTestApp, TestApp } from '../../support/test-app';

describe('/ready on EventStoreDB', () => {
  let fake: FakeEsdbServer;
  let app: TestApp | undefined;
  beforeAll(async () => {
    fake = await FakeEsdbServer.start();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    fake.reset();
  });
  afterAll(() => fake.stop());

  it('is ready when the server answers and every subscription runs', async () => {
    app = await startTestApp({ EVENTSTORE_URL: fake.connectionString() });
    const res = await app.request('GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body.data.checks.eventStore).toEqual({ adapter: 'eventstoredb', up: true });
  });

  it("answers 503 naming $all when the service's user may not read it", async () => {
    fake.faults.denyAll = true;
    app = await startTestApp({ EVENTSTORE_URL: fake.connectionString() });
    const res = await app.request('GET', '/ready');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe(1008);
    expect(res.body.error.message).toMatch(/reading \$all: access denied.*\$admins/);
  });

  it('answers 503 naming the minimum version on a server older than 22.6', async () => {
    fake.serverVersion = '22.2.0';
    app = await startTestApp({ EVENTSTORE_URL: fake.connectionString() });
    const res = await app.request('GET', '/ready');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/22\.2\.0 is not supported.*22\.6 or later/);
  });
});

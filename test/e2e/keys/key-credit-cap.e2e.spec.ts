import { startTestApp, TestApp } from '../../support/test-app';
import { admin, answer, keyWith } from './scoped-keys';

// A syntactically invalid address is charged 1 credit and probes nothing: paid calls with no peer needed.
const verifyInvalid = (app: TestApp, key: string) =>
  app.request('POST', '/v1/verify/single', { key, body: { email: 'not-an-address' } });

describe('finding 2: a key monthly credit cap', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('lets 20 concurrent paid calls through the key charge exactly its cap, refusing the rest with 402, 2018', async () => {
    const { accountId, apiKey: ownerKey } = await app.createAccount(100);
    const { apiKey } = await keyWith(app, accountId, { monthlyCreditCap: 5 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => verifyInvalid(app, apiKey)));
    const served = answers.filter((res) => res.status === 200);
    expect(served).toHaveLength(5);
    expect(served.every((res) => res.body.data.creditsCharged === 1)).toBe(true);
    expect(answers.filter((res) => res.status !== 200).map(answer)).toEqual(
      Array.from({ length: 15 }, () => ({ status: 402, code: 2018 })),
    );
    const balance = await app.request('GET', '/v1/credits/balance', { key: ownerKey });
    expect(balance.body.data).toMatchObject({ balance: 95, available: 95 });
    // The account's other keys are not held to this key's cap.
    expect((await verifyInvalid(app, ownerKey)).status).toBe(200);
  });

  it('applies a raised or lifted cap to the next call, and counts what was charged before', async () => {
    const { accountId } = await app.createAccount(100);
    const { keyId, apiKey } = await keyWith(app, accountId, {});
    for (let i = 0; i < 3; i++) expect((await verifyInvalid(app, apiKey)).status).toBe(200);
    const capped = await app.request('PATCH', `/admin/v1/keys/${keyId}`, {
      headers: admin,
      body: { monthlyCreditCap: 3 },
    });
    expect(capped.body.data).toMatchObject({ monthlyCreditCap: 3, effective: true });
    expect(answer(await verifyInvalid(app, apiKey))).toEqual({ status: 402, code: 2018 });
    await app.request('PATCH', `/admin/v1/keys/${keyId}`, { headers: admin, body: { monthlyCreditCap: 4 } });
    expect((await verifyInvalid(app, apiKey)).status).toBe(200);
    expect(answer(await verifyInvalid(app, apiKey))).toEqual({ status: 402, code: 2018 });
    await app.request('PATCH', `/admin/v1/keys/${keyId}`, { headers: admin, body: { monthlyCreditCap: null } });
    expect((await verifyInvalid(app, apiKey)).status).toBe(200);
  });

  // 1114 (KEY_CAP_EXCLUDES_JOBS) is no longer answered: list jobs count toward the cap (key-cap-list-jobs.e2e.spec.ts).
  it('lets a capped key reach the list job routes as an uncapped one does (no 403, 1114)', async () => {
    const { accountId } = await app.createAccount(100);
    const capped = await keyWith(app, accountId, { monthlyCreditCap: 50 });
    const uncapped = await keyWith(app, accountId, {});
    for (const [method, path] of [
      ['POST', '/v1/jobs'],
      ['POST', '/v1/finder/jobs'],
      ['POST', '/v1/jobs/1/resume'],
    ]) {
      const [withCap, withoutCap] = [
        answer(await app.request(method, path, { key: capped.apiKey })),
        answer(await app.request(method, path, { key: uncapped.apiKey })),
      ];
      expect(withCap.code).not.toBe(1114);
      expect(withCap).toEqual(withoutCap);
    }
  });

  it.each([0, 2.5, -1])('refuses a cap of %p with 400, code 1113', async (monthlyCreditCap) => {
    const { accountId } = await app.createAccount(1);
    const res = await app.request('POST', `/admin/v1/accounts/${accountId}/keys`, {
      headers: admin,
      body: { monthlyCreditCap },
    });
    expect(answer(res)).toEqual({ status: 400, code: 1113 });
  });
});

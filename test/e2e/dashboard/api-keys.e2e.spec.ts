import { startTestApp, TestApp } from '../../support/test-app';
import { eventuallyBalance } from '../verify/verify-world';
import { signedInUser } from './dashboard-users';

describe('dashboard API keys', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  it("a new sign-up's key sees the trial balance and spends it", async () => {
    const { browser } = await signedInUser(app);
    const created = await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'CRM' } });
    expect(created.status).toBe(201);
    const { apiKey } = created.body.data;
    expect(apiKey).toMatch(/^mk_/);
    const balance = await app.request('GET', '/v1/credits/balance', { key: apiKey });
    expect(balance.body.data).toMatchObject({ balance: 100, available: 100 });
    const verify = await app.request('GET', '/v1/verify/single?email=not-an-address', { key: apiKey });
    expect(verify.body.data).toMatchObject({ result: 'invalid' });
    expect(await eventuallyBalance(app, apiKey, 99)).toMatchObject({ balance: 99 });
  });

  it('lists keys with their label, times and owner, never the secret', async () => {
    const { browser, email, user } = await signedInUser(app);
    const { keyId, apiKey } = (await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'Reports' } })).body
      .data;
    await app.request('GET', '/v1/credits/balance', { key: apiKey });
    const list = await browser.request('GET', '/dashboard/v1/keys');
    expect(list.body.data.items).toEqual([
      {
        keyId,
        kind: 'live',
        label: 'Reports',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        revokedAt: null,
        rotatedAt: null,
        scopes: null,
        allowedAddresses: null,
        monthlyCreditCap: null,
        allowedOrigins: null,
        owner: { userId: user.userId, email },
      },
    ]);
    // The secret is everything after the second underscore (base64url may hold underscores of its own).
    expect(list.text).not.toContain(apiKey.split('_').slice(2).join('_'));
  });

  it('revokes a key (401 at once) and rotates another (old secret 401, new one works)', async () => {
    const { browser } = await signedInUser(app);
    const first = (await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'one' } })).body.data;
    const second = (await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'two' } })).body.data;
    expect((await browser.request('DELETE', `/dashboard/v1/keys/${first.keyId}`)).body.data.effective).toBe(true);
    expect((await app.request('GET', '/v1/credits/balance', { key: first.apiKey })).status).toBe(401);
    const rotated = await browser.request('POST', `/dashboard/v1/keys/${second.keyId}/rotate`);
    expect((await app.request('GET', '/v1/credits/balance', { key: second.apiKey })).status).toBe(401);
    expect((await app.request('GET', '/v1/credits/balance', { key: rotated.body.data.apiKey })).status).toBe(200);
  });

  it("refuses another team's key as not found and needs CSRF to create one", async () => {
    const { browser: alice } = await signedInUser(app);
    const { browser: bob } = await signedInUser(app);
    const bobs = (await bob.request('POST', '/dashboard/v1/keys', { body: { label: 'bob' } })).body.data;
    const steal = await alice.request('DELETE', `/dashboard/v1/keys/${bobs.keyId}`);
    expect({ status: steal.status, code: steal.body.error.code }).toEqual({ status: 404, code: 1106 });
    expect((await app.request('GET', '/v1/credits/balance', { key: bobs.apiKey })).status).toBe(200);
    const forged = await alice.request('POST', '/dashboard/v1/keys', { body: { label: 'x' }, csrf: null });
    expect(forged.status).toBe(403);
  });

  it('refuses the dashboard with an API key instead of a session', async () => {
    const { browser } = await signedInUser(app);
    const { apiKey } = (await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data;
    const res = await app.request('GET', '/dashboard/v1/keys', { key: apiKey });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 401, code: 6001 });
  });
});

import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('API key authentication', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  describe('when no key is sent', () => {
    it('answers 401 with code 1101 in the envelope', async () => {
      const res = await app.request('GET', '/v1/credits/balance');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        status: 'error',
        data: null,
        error: { code: 1101, message: expect.stringContaining('X-API-KEY') },
      });
    });
  });

  describe('when the key is malformed or unknown', () => {
    it('answers 401 with code 1102 for a malformed key', async () => {
      const res = await app.request('GET', '/v1/credits/balance', { key: 'not-a-key' });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(1102);
    });

    it('answers 401 with code 1102 for a well-formed key with a wrong secret', async () => {
      const { apiKey } = await app.createAccount(10);
      const tampered = apiKey.slice(0, -4) + (apiKey.endsWith('AAAA') ? 'BBBB' : 'AAAA');
      const res = await app.request('GET', '/v1/credits/balance', { key: tampered });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(1102);
    });
  });

  describe('when the key is valid', () => {
    it('serves the request', async () => {
      const { apiKey } = await app.createAccount(25);
      const res = await app.request('GET', '/v1/credits/balance', { key: apiKey });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
    });
  });

  describe('when a key is revoked', () => {
    it('fails with 401 as soon as the revoke call returns', async () => {
      const { apiKey, keyId } = await app.createAccount(5);
      expect((await app.request('GET', '/v1/credits/balance', { key: apiKey })).status).toBe(200);
      const revoke = await app.request('DELETE', `/admin/v1/keys/${keyId}`, { headers: admin });
      expect(revoke.status).toBe(200);
      expect(revoke.body.data).toMatchObject({ keyId, effective: true });
      const res = await app.request('GET', '/v1/credits/balance', { key: apiKey });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(1102);
    });

    it('refuses to revoke it twice with code 1107', async () => {
      const { keyId } = await app.createAccount(5);
      await app.request('DELETE', `/admin/v1/keys/${keyId}`, { headers: admin });
      const again = await app.request('DELETE', `/admin/v1/keys/${keyId}`, { headers: admin });
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe(1107);
    });
  });

  describe('when a key is rotated', () => {
    it('rejects the old secret and accepts the new one at once', async () => {
      const { apiKey, keyId } = await app.createAccount(5);
      const rotated = await app.request('POST', `/admin/v1/keys/${keyId}/rotate`, { headers: admin });
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.effective).toBe(true);
      expect(rotated.body.data.apiKey).not.toBe(apiKey);
      expect((await app.request('GET', '/v1/credits/balance', { key: apiKey })).status).toBe(401);
      expect((await app.request('GET', '/v1/credits/balance', { key: rotated.body.data.apiKey })).status).toBe(200);
    });
  });

  describe('when a team member calls with a member key', () => {
    it("sees and spends the owner's balance", async () => {
      const owner = await app.createAccount(42);
      const member = await app.request('POST', `/admin/v1/accounts/${owner.accountId}/keys`, {
        headers: admin,
        body: { label: 'alice' },
      });
      expect(member.status).toBe(201);
      const res = await app.request('GET', '/v1/credits/balance', { key: member.body.data.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.data.balance).toBe(42);
    });
  });
});

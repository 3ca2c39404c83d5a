import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';

describe('rate limiting per API key', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_SECOND: '1' });
  });
  afterAll(() => app.close());

  it('answers 429 with code 1201, Retry-After and RateLimit headers once the burst is spent', async () => {
    const { apiKey } = await app.createAccount(10);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await app.request('GET', '/v1/credits/balance', { key: apiKey });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[4]).toBe(429);
    expect(last!.body.error.code).toBe(1201);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get('ratelimit-limit')).toBe('3');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('keeps separate buckets for separate keys', async () => {
    const a = await app.createAccount(1);
    const b = await app.createAccount(1);
    for (let i = 0; i < 4; i++) await app.request('GET', '/v1/credits/balance', { key: a.apiKey });
    expect((await app.request('GET', '/v1/credits/balance', { key: b.apiKey })).status).toBe(200);
  });
});

describe('the admin API', () => {
  describe('when ADMIN_TOKEN is unset', () => {
    it('is disabled entirely (404, code 1103)', async () => {
      const app = await startTestApp({ ADMIN_TOKEN: '' });
      try {
        const res = await app.request('POST', '/admin/v1/accounts', {
          body: { name: 'x' },
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe(1103);
      } finally {
        await app.close();
      }
    });
  });

  describe('when ADMIN_TOKEN is set', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(() => app.close());

    it('refuses a wrong bearer token with 401, code 1104', async () => {
      const res = await app.request('POST', '/admin/v1/accounts', {
        body: { name: 'x' },
        headers: { authorization: 'Bearer nope' },
      });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(1104);
    });

    it('opens an account and shows its key once', async () => {
      const res = await app.request('POST', '/admin/v1/accounts', {
        body: { name: 'Acme', credits: 7 },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        accountId: expect.stringMatching(/^\d+$/),
        keyId: expect.any(String),
        apiKey: expect.stringMatching(/^mk_/),
        credits: 7,
      });
    });

    it('answers 404 for keys of an unknown account and for unknown key ids', async () => {
      const keys = await app.request('POST', '/admin/v1/accounts/999/keys', {
        body: {},
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(keys.status).toBe(404);
      expect(keys.body.error.code).toBe(1105);
      const revoke = await app.request('DELETE', '/admin/v1/keys/0000000000000000', {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(revoke.status).toBe(404);
      expect(revoke.body.error.code).toBe(1106);
    });

    it('answers 400, code 1107, to a key already revoked (revoke or rotate), as /docs documents it', async () => {
      const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const opened = await app.request('POST', '/admin/v1/accounts', { body: { name: 'Twice' }, headers: admin });
      const path = `/admin/v1/keys/${opened.body.data.keyId}`;
      const first = await app.request('DELETE', path, { headers: admin });
      expect(first.body.data).toEqual({
        keyId: opened.body.data.keyId,
        revokedAt: expect.any(String),
        effective: true,
      });
      const again = await app.request('DELETE', path, { headers: admin });
      const rotate = await app.request('POST', `${path}/rotate`, { headers: admin });
      expect([again, rotate].map((res) => [res.status, res.body.error.code])).toEqual([
        [400, 1107],
        [400, 1107],
      ]);
      const documented = (await app.request('GET', '/docs-json')).body.paths;
      for (const operation of [
        documented['/admin/v1/keys/{keyId}'].delete,
        documented['/admin/v1/keys/{keyId}/rotate'].post,
      ]) {
        expect(operation.responses).toHaveProperty('400');
        expect(operation.description).toContain('code 1107');
      }
    });
  });
});

describe('finding 4: admin routes are throttled per client address', () => {
  let app: TestApp;
  // The test's connections all come from 127.0.0.1; as a trusted proxy it names the client in X-Forwarded-For.
  beforeAll(async () => {
    app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(() => app.close());
  const adminCall = (client: string, token: string) =>
    app.request('DELETE', '/admin/v1/keys/0000000000000000', {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client },
    });

  it('answers 429 (1201, Retry-After) to an address that keeps guessing, even once it guesses right', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await adminCall('203.0.113.7', `guess-${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const throttled = await adminCall('203.0.113.7', 'guess-10');
    expect({ status: throttled.status, code: throttled.body.error.code }).toEqual({ status: 429, code: 1201 });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const right = await adminCall('203.0.113.7', ADMIN_TOKEN);
    expect({ status: right.status, code: right.body.error.code }).toEqual({ status: 429, code: 1201 });
  });

  it('keeps serving the operator at another address, and never counts right tokens against anyone', async () => {
    for (let i = 0; i < 30; i++) expect((await adminCall('198.51.100.20', ADMIN_TOKEN)).status).toBe(404);
    const other = await adminCall('198.51.100.21', 'one-wrong-guess');
    expect({ status: other.status, code: other.body.error.code }).toEqual({ status: 401, code: 1104 });
  });
});

describe('persistence across a restart', () => {
  it('keeps accounts and keys', async () => {
    const first = await startTestApp({}, { dataDir: mkdtempSync(join(tmpdir(), 'restart-')) });
    const { apiKey } = await first.createAccount(9);
    const dataDir = first.dataDir;
    await first.close();
    const second = await startTestApp({}, { dataDir });
    try {
      const res = await second.request('GET', '/v1/credits/balance', { key: apiKey });
      expect(res.status).toBe(200);
      expect(res.body.data.balance).toBe(9);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

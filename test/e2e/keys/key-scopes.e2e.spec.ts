import { KEY_SCOPES } from '@lib/accounts';
import { startTestApp, TestApp } from '../../support/test-app';
import { operationsOf } from '../robustness/openapi-operations';
import { admin, answer, keyWith } from './scoped-keys';

/** Every keyed /v1 operation of the OpenAPI document with the scope it declares (`x-required-scope`). */
async function v1Operations(app: TestApp) {
  const document = (await app.request('GET', '/docs-json')).body;
  return operationsOf(document)
    .filter((op) => op.path.startsWith('/v1/') && op.auth === 'apiKey')
    .map((op) => {
      const raw = document.paths[op.path][op.method.toLowerCase()];
      const isPublic = Array.isArray(raw.security) && raw.security.every((r: object) => Object.keys(r).length === 0);
      return { ...op, scope: raw['x-required-scope'] as string | undefined, isPublic, description: raw.description };
    })
    .filter((op) => !op.isPublic);
}

const route = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('finding 2: scoped keys', () => {
  let app: TestApp;
  let accountId: string;
  let ownerKey: string;
  beforeAll(async () => {
    app = await startTestApp();
    ({ accountId, apiKey: ownerKey } = await app.createAccount(1000));
  });
  afterAll(() => app.close());

  it('declares a scope on every /v1 route that takes a key, and says so in its description', async () => {
    const operations = await v1Operations(app);
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(operations.filter((op) => !op.scope).map((op) => op.id)).toEqual([]);
    expect(
      operations.filter((op) => !(KEY_SCOPES as readonly string[]).includes(op.scope!)).map((op) => op.id),
    ).toEqual([]);
    for (const op of operations) expect(op.description).toContain(`Requires the API key scope \`${op.scope}\``);
  });

  it('refuses a key on every route outside its one scope with 403, code 1109, naming the missing scope', async () => {
    const operations = await v1Operations(app);
    const refusals: string[] = [];
    for (const scope of KEY_SCOPES) {
      const { apiKey } = await keyWith(app, accountId, { scopes: [scope] });
      for (const op of operations.filter((o) => o.scope !== scope)) {
        const res = await app.request(op.method, route(op.path), { key: apiKey });
        const ok = res.status === 403 && res.body.error.code === 1109 && res.body.error.requiredScope === op.scope;
        if (!ok || !res.body.error.message.includes(`"${op.scope}"`))
          refusals.push(`${scope} key on ${op.id}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('lets a key through on the routes of its scopes, and a key without scopes everywhere', async () => {
    const { apiKey } = await keyWith(app, accountId, { scopes: ['credits:read', 'webhooks'] });
    expect(answer(await app.request('GET', '/v1/credits/balance', { key: apiKey }))).toEqual({
      status: 200,
      code: undefined,
    });
    expect((await app.request('GET', '/v1/webhooks', { key: apiKey })).status).toBe(200);
    expect(answer(await app.request('GET', '/v1/jobs', { key: apiKey }))).toEqual({ status: 403, code: 1109 });
    for (const path of ['/v1/jobs', '/v1/finder/jobs', '/v1/webhooks', '/v1/credits/balance'])
      expect((await app.request('GET', path, { key: ownerKey })).status).toBe(200);
  });

  it('applies an edit at once in every process: PATCH answers once authentication sees it', async () => {
    const { keyId, apiKey } = await keyWith(app, accountId, { scopes: ['verify'] });
    expect((await app.request('GET', '/v1/credits/balance', { key: apiKey })).status).toBe(403);
    const patched = await app.request('PATCH', `/admin/v1/keys/${keyId}`, {
      headers: admin,
      body: { scopes: ['verify', 'credits:read'] },
    });
    expect(patched.body.data).toEqual({
      keyId,
      scopes: ['verify', 'credits:read'],
      allowedAddresses: null,
      monthlyCreditCap: null,
      allowedOrigins: null,
      effective: true,
    });
    expect((await app.request('GET', '/v1/credits/balance', { key: apiKey })).status).toBe(200);
    await app.request('PATCH', `/admin/v1/keys/${keyId}`, { headers: admin, body: { scopes: null } });
    expect((await app.request('GET', '/v1/webhooks', { key: apiKey })).status).toBe(200);
  });

  describe('bad input', () => {
    it('refuses an unknown scope with 400, code 1111, on creation and on an edit', async () => {
      const created = await app.request('POST', `/admin/v1/accounts/${accountId}/keys`, {
        headers: admin,
        body: { scopes: ['verify', 'everything'] },
      });
      expect(answer(created)).toEqual({ status: 400, code: 1111 });
      expect(created.body.error.message).toContain('"everything"');
      const { keyId } = await keyWith(app, accountId, {});
      const edited = await app.request('PATCH', `/admin/v1/keys/${keyId}`, {
        headers: admin,
        body: { scopes: ['admin'] },
      });
      expect(answer(edited)).toEqual({ status: 400, code: 1111 });
    });

    it.each([[['10.0.0.0/33']], [['not-an-address']], [['203.0.113.7', '']], [[]]])(
      'refuses the allowlist %j with 400, code 1112',
      async (allowedAddresses) => {
        const res = await app.request('POST', `/admin/v1/accounts/${accountId}/keys`, {
          headers: admin,
          body: { allowedAddresses },
        });
        expect(answer(res)).toEqual({ status: 400, code: 1112 });
      },
    );

    it('refuses limits of the wrong shape with 400, code 1006', async () => {
      const res = await app.request('POST', `/admin/v1/accounts/${accountId}/keys`, {
        headers: admin,
        body: { scopes: 'verify', allowedAddresses: [7] },
      });
      expect(answer(res)).toEqual({ status: 400, code: 1006 });
    });
  });
});

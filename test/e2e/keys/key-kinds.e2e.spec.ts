import { startTestApp, TestApp } from '../../support/test-app';
import { admin, answer, keyWith } from './scoped-keys';

// Issue 38: three kinds of key, told apart by their prefix; a route accepts only the kinds it declares.
describe('key kinds', () => {
  let app: TestApp;
  let accountId: string;
  beforeAll(async () => {
    app = await startTestApp();
    ({ accountId } = await app.createAccount(1000));
  });
  afterAll(() => app.close());

  const issue = (body: Record<string, unknown>) =>
    app.request('POST', `/admin/v1/accounts/${accountId}/keys`, { headers: admin, body: { label: 'k', ...body } });

  it('issues live, test and publishable keys, each prefixed by its kind', async () => {
    const live = await keyWith(app, accountId, {});
    const test = await keyWith(app, accountId, { kind: 'test' });
    const publishable = await keyWith(app, accountId, {
      kind: 'publishable',
      allowedOrigins: ['https://shop.example'],
    });
    expect(live).toMatchObject({ kind: 'live', allowedOrigins: null });
    expect(live.apiKey).toMatch(/^mk_[0-9a-f]{16}_/);
    expect(test).toMatchObject({ kind: 'test' });
    expect(test.apiKey).toMatch(/^mck_test_[0-9a-f]{16}_/);
    expect(publishable).toMatchObject({
      kind: 'publishable',
      scopes: ['verify'],
      allowedOrigins: ['https://shop.example'],
    });
    expect(publishable.apiKey).toMatch(/^mck_pub_[0-9a-f]{16}_/);
  });

  it('refuses an unknown kind, a publishable key without origins, a path in an origin and origins on a live key', async () => {
    expect(answer(await issue({ kind: 'secret' }))).toEqual({ status: 400, code: 1115 });
    expect(answer(await issue({ kind: 'publishable' }))).toEqual({ status: 400, code: 1116 });
    expect(answer(await issue({ kind: 'publishable', allowedOrigins: ['https://shop.example/signup'] }))).toEqual({
      status: 400,
      code: 1116,
    });
    expect(answer(await issue({ allowedOrigins: ['https://shop.example'] }))).toEqual({ status: 400, code: 1116 });
    expect(answer(await issue({ kind: 42 }))).toEqual({ status: 400, code: 1006 });
  });

  it('refuses a publishable key on a route that is not single verify, naming the kind', async () => {
    const { apiKey } = await keyWith(app, accountId, { kind: 'publishable', allowedOrigins: ['https://shop.example'] });
    const res = await app.request('GET', '/v1/credits/balance', { key: apiKey });
    expect(answer(res)).toEqual({ status: 403, code: 1117 });
    expect(res.body.error.keyKind).toBe('publishable');
  });

  it('does not take a key whose prefix claims another kind than the one issued', async () => {
    const { apiKey } = await keyWith(app, accountId, {});
    const dressedAsTest = apiKey.replace(/^mk_/, 'mck_test_');
    expect(answer(await app.request('GET', '/v1/credits/balance', { key: dressedAsTest }))).toEqual({
      status: 401,
      code: 1102,
    });
    expect((await app.request('GET', '/v1/credits/balance', { key: apiKey })).status).toBe(200);
  });
});

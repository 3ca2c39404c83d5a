import { startTestApp, TestApp } from '../../support/test-app';
import { joinedMember, signedInUser } from '../dashboard/dashboard-users';
import { answer } from './scoped-keys';

describe('finding 2: key limits from the dashboard', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('creates a key with scopes and an allowlist, lists them, and edits them', async () => {
    const owner = await signedInUser(app);
    const created = await owner.browser.request('POST', '/dashboard/v1/keys', {
      body: { label: 'CRM', scopes: ['verify'], allowedAddresses: ['127.0.0.1', '2001:db8::/48'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      label: 'CRM',
      scopes: ['verify'],
      allowedAddresses: ['127.0.0.1', '2001:db8::/48'],
    });
    const { keyId, apiKey } = created.body.data;
    expect(answer(await app.request('GET', '/v1/credits/balance', { key: apiKey }))).toEqual({
      status: 403,
      code: 1109,
    });

    const listed = await owner.browser.request('GET', '/dashboard/v1/keys');
    expect(listed.body.data.items.find((key: any) => key.keyId === keyId)).toMatchObject({
      scopes: ['verify'],
      allowedAddresses: ['127.0.0.1', '2001:db8::/48'],
    });

    const edited = await owner.browser.request('PATCH', `/dashboard/v1/keys/${keyId}`, {
      body: { scopes: ['verify', 'credits:read'] },
    });
    expect(edited.body.data).toEqual({
      keyId,
      scopes: ['verify', 'credits:read'],
      allowedAddresses: ['127.0.0.1', '2001:db8::/48'],
      monthlyCreditCap: null,
      allowedOrigins: null,
      effective: true,
    });
    expect((await app.request('GET', '/v1/credits/balance', { key: apiKey })).status).toBe(200);
  });

  it("refuses a member's edit of a key that is not theirs as not found, and bad limits with their codes", async () => {
    const owner = await signedInUser(app);
    const member = await joinedMember(app, owner, 'member');
    const ownerKey = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'owner' } })).body
      .data;
    expect(
      answer(await member.browser.request('PATCH', `/dashboard/v1/keys/${ownerKey.keyId}`, { body: { scopes: [] } })),
    ).toEqual({ status: 404, code: 1106 });
    expect(
      answer(await owner.browser.request('PATCH', `/dashboard/v1/keys/${ownerKey.keyId}`, { body: { scopes: ['x'] } })),
    ).toEqual({ status: 400, code: 1111 });
    expect(
      answer(
        await owner.browser.request('POST', '/dashboard/v1/keys', { body: { allowedAddresses: ['10.0.0.0/8/8'] } }),
      ),
    ).toEqual({ status: 400, code: 1112 });
  });
});

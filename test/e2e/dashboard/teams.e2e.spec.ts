import { tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { eventuallyBalance } from '../verify/verify-world';
import { signedInUser, uniqueEmail } from './dashboard-users';

describe('dashboard teams', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  it("an invited member joins, spends the owner's balance with their own key, and loses it the moment they are removed", async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'), 'Ada');
    const ownerKey = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'owner key' } })).body
      .data.apiKey;
    const memberEmail = uniqueEmail('member');
    const invite = await owner.browser.request('POST', '/dashboard/v1/team/invites', {
      body: { email: memberEmail, role: 'member' },
    });
    expect(invite.status).toBe(201);

    const member = await signedInUser(app, memberEmail, 'Grace');
    const token = await tokenFromOutbox(app.dataDir, memberEmail, '/accept-invite');
    const joined = await member.browser.request('POST', '/dashboard/v1/team/invites/accept', { body: { token } });
    expect(joined.body.data).toEqual({ accountId: owner.user.accountId, role: 'member' });
    const again = await member.browser.request('POST', '/dashboard/v1/team/invites/accept', { body: { token } });
    expect(again.status).toBe(400);

    const memberKey = (await member.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'grace' } })).body
      .data;
    expect((await app.request('GET', '/v1/verify/single?email=not-an-address', { key: memberKey.apiKey })).status).toBe(
      200,
    );
    expect(await eventuallyBalance(app, ownerKey, 99)).toMatchObject({ balance: 99 });

    // A member sees only their own keys and cannot manage the team.
    expect(
      (await member.browser.request('GET', '/dashboard/v1/keys')).body.data.items.map(
        (k: { keyId: string }) => k.keyId,
      ),
    ).toEqual([memberKey.keyId]);
    const forbidden = await member.browser.request('POST', '/dashboard/v1/team/invites', {
      body: { email: uniqueEmail(), role: 'member' },
    });
    expect({ status: forbidden.status, code: forbidden.body.error.code }).toEqual({ status: 403, code: 6010 });

    const team = await owner.browser.request('GET', '/dashboard/v1/team');
    expect(team.body.data.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [memberEmail, 'member'],
    ]);
    // The owner sees the member's key with its owner.
    const ownerView = (await owner.browser.request('GET', '/dashboard/v1/keys')).body.data.items;
    expect(ownerView.find((k: { keyId: string }) => k.keyId === memberKey.keyId).owner).toEqual({
      userId: member.user.userId,
      email: memberEmail,
    });

    const removed = await owner.browser.request('DELETE', `/dashboard/v1/team/members/${member.user.userId}`);
    expect(removed.body.data).toEqual({ userId: member.user.userId, revokedKeys: 1 });
    const refused = await app.request('GET', '/v1/credits/balance', { key: memberKey.apiKey });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 401, code: 1102 });
    // Back on their own account, with their own trial balance.
    expect((await member.browser.request('GET', '/dashboard/v1/me')).body.data).toMatchObject({
      accountId: member.user.accountId,
      role: 'owner',
    });
  });

  it('revokes every key of a removed member at once, however many', async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'), 'Ada');
    const memberEmail = uniqueEmail('member');
    await owner.browser.request('POST', '/dashboard/v1/team/invites', { body: { email: memberEmail, role: 'member' } });
    const member = await signedInUser(app, memberEmail, 'Grace');
    await member.browser.request('POST', '/dashboard/v1/team/invites/accept', {
      body: { token: await tokenFromOutbox(app.dataDir, memberEmail, '/accept-invite') },
    });
    const keys = [];
    for (const label of ['one', 'two', 'three'])
      keys.push((await member.browser.request('POST', '/dashboard/v1/keys', { body: { label } })).body.data.apiKey);
    const removed = await owner.browser.request('DELETE', `/dashboard/v1/team/members/${member.user.userId}`);
    expect(removed.body.data).toEqual({ userId: member.user.userId, revokedKeys: 3 });
    for (const key of keys) {
      const refused = await app.request('GET', '/v1/credits/balance', { key });
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 401, code: 1102 });
    }
  });

  it('accepts an invitation only for the invited address, and the owner cannot be removed', async () => {
    const owner = await signedInUser(app);
    const invited = uniqueEmail('invited');
    await owner.browser.request('POST', '/dashboard/v1/team/invites', { body: { email: invited, role: 'admin' } });
    const token = await tokenFromOutbox(app.dataDir, invited, '/accept-invite');
    const stranger = await signedInUser(app);
    const res = await stranger.browser.request('POST', '/dashboard/v1/team/invites/accept', { body: { token } });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 6006 });
    const owners = await owner.browser.request('DELETE', `/dashboard/v1/team/members/${owner.user.userId}`);
    expect(owners.status).toBe(403);
  });
});

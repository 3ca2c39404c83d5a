import { tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { signedInUser, uniqueEmail } from './dashboard-fixture';

describe('usage analytics in the dashboard', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  it('counts calls, results and credits per day, per key and per member from the analytics topics', async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'));
    const ownerKey = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'owner key' } })).body.data;
    const memberEmail = uniqueEmail('member');
    await owner.browser.request('POST', '/dashboard/v1/team/invites', { body: { email: memberEmail, role: 'member' } });
    const member = await signedInUser(app, memberEmail);
    await member.browser.request('POST', '/dashboard/v1/team/invites/accept', { body: { token: tokenFromOutbox(app.dataDir, memberEmail, '/accept-invite') } });
    const memberKey = (await member.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'member key' } })).body.data;

    for (const email of ['a', 'b']) await app.request('GET', `/v1/verify/single?email=${email}`, { key: ownerKey.apiKey });
    await app.request('POST', '/v1/verify/batch', { key: memberKey.apiKey, body: { emails: ['c', 'd', 'e'] } });

    const deadline = Date.now() + 10_000;
    let usage: any;
    do {
      usage = (await owner.browser.request('GET', '/dashboard/v1/team/usage?days=7')).body.data;
      if (usage.daily.at(-1).verifications === 5) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } while (Date.now() < deadline);
    expect(usage.daily).toHaveLength(7);
    expect(usage.daily.at(-1)).toMatchObject({ verifications: 5, finderCalls: 0, credits: 5, byResult: { invalid: 5 } });
    const byKey = Object.fromEntries(usage.byKey.map((k: { keyId: string }) => [k.keyId, k]));
    expect(byKey[ownerKey.keyId]).toMatchObject({ label: 'owner key', ownerUserId: owner.user.userId, verifications: 2, credits: 2 });
    expect(byKey[memberKey.keyId]).toMatchObject({ label: 'member key', ownerUserId: member.user.userId, verifications: 3, credits: 3 });
    expect(usage.byMember).toEqual(expect.arrayContaining([
      { userId: owner.user.userId, email: owner.email, verifications: 2, finderCalls: 0, credits: 2 },
      { userId: member.user.userId, email: memberEmail, verifications: 3, finderCalls: 0, credits: 3 },
    ]));

    const own = (await member.browser.request('GET', '/dashboard/v1/team/usage?days=1')).body.data;
    expect(own.byKey.map((k: { keyId: string }) => k.keyId)).toEqual([memberKey.keyId]);
    const bad = await owner.browser.request('GET', '/dashboard/v1/team/usage?days=365');
    expect({ status: bad.status, code: bad.body.error.code }).toEqual({ status: 400, code: 1006 });
  });
});

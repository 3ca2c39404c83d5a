import { CommandBus } from '@nestjs/cqrs';
import { IssueApiKeyCommand } from '@lib/accounts';
import { InviteMemberCommand, RemoveMemberCommand } from '@lib/teams/testing';
import { tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { joinedMember, signedInUser, uniqueEmail } from './dashboard-users';

const pendingEmails = (res: { body: any }): string[] => res.body.data.items.map((i: { email: string }) => i.email);

// Security review, issue 25: pending invitations are the team's business (listed and withdrawn by owners
// and admins) and never a way back in for someone the team removed.
describe('dashboard team invitations', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  /** An owner's team with an admin who joined from a mailed invitation. */
  async function teamWithAdmin() {
    const owner = await signedInUser(app, uniqueEmail('owner'), 'Ada');
    return { owner, admin: await joinedMember(app, owner, 'admin', 'Mallory') };
  }

  describe('finding 1: an invite outlives the removal of its inviter and of its invitee', () => {
    it('an admin who invites their own address before being removed cannot come back with it', async () => {
      const { owner, admin } = await teamWithAdmin();
      const backdoor = await admin.browser.request('POST', '/dashboard/v1/team/invites', {
        body: { email: admin.email, role: 'admin' },
      });
      expect(backdoor.status).toBe(201);
      const token = await tokenFromOutbox(app.dataDir, admin.email, '/accept-invite');
      expect(pendingEmails(await owner.browser.request('GET', '/dashboard/v1/team/invites'))).toEqual([admin.email]);

      expect((await owner.browser.request('DELETE', `/dashboard/v1/team/members/${admin.user.userId}`)).status).toBe(
        200,
      );
      expect(pendingEmails(await owner.browser.request('GET', '/dashboard/v1/team/invites'))).toEqual([]);
      const rejoin = await admin.browser.request('POST', '/dashboard/v1/team/invites/accept', { body: { token } });
      expect({ status: rejoin.status, code: rejoin.body.error?.code }).toEqual({ status: 400, code: 6006 });
      expect((await admin.browser.request('GET', '/dashboard/v1/me')).body.data).toMatchObject({
        accountId: admin.user.accountId,
        role: 'owner',
      });
    });

    it("withdraws the removed admin's invitations to others, and a removed member's way back is a new invitation", async () => {
      const { owner, admin } = await teamWithAdmin();
      const friendEmail = uniqueEmail('friend');
      await admin.browser.request('POST', '/dashboard/v1/team/invites', {
        body: { email: friendEmail, role: 'admin' },
      });
      const friendToken = await tokenFromOutbox(app.dataDir, friendEmail, '/accept-invite');
      await owner.browser.request('DELETE', `/dashboard/v1/team/members/${admin.user.userId}`);
      const friend = await signedInUser(app, friendEmail, 'Eve');
      const refused = await friend.browser.request('POST', '/dashboard/v1/team/invites/accept', {
        body: { token: friendToken },
      });
      expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 400, code: 6006 });

      await owner.browser.request('POST', '/dashboard/v1/team/invites', {
        body: { email: admin.email, role: 'member' },
      });
      const back = await admin.browser.request('POST', '/dashboard/v1/team/invites/accept', {
        body: { token: await tokenFromOutbox(app.dataDir, admin.email, '/accept-invite') },
      });
      expect(back.body.data).toEqual({ accountId: owner.user.accountId, role: 'member' });
    });
  });

  describe('finding 11: a crash between RemoveMember and LeaveTeam', () => {
    it('the removed admin, whatever their session still says, can neither mint a key nor invite in the team', async () => {
      const { owner, admin } = await teamWithAdmin();
      const commands = app.running.app.get(CommandBus);
      // The account side of the removal only, as when the request dies before LeaveTeam (the worker's
      // consumer then moves the session home; until it does, the account stream refuses the user).
      await commands.execute(new RemoveMemberCommand(owner.user.accountId, admin.user.userId, admin.email));
      for (const attempt of [
        new IssueApiKeyCommand(owner.user.accountId, 'late', admin.user.userId),
        new InviteMemberCommand(owner.user.accountId, admin.email, 'admin', 'ab'.repeat(32), admin.user.userId),
      ])
        await expect(commands.execute(attempt)).rejects.toMatchObject({ errorName: 'TEAM_ROLE_FORBIDDEN' });
    });
  });

  it('owners and admins list and withdraw pending invitations; a withdrawn link no longer works', async () => {
    const { owner, admin } = await teamWithAdmin();
    const graceEmail = uniqueEmail('grace');
    const sent = await owner.browser.request('POST', '/dashboard/v1/team/invites', {
      body: { email: graceEmail, role: 'member' },
    });
    const listed = (await admin.browser.request('GET', '/dashboard/v1/team/invites')).body.data.items;
    expect(listed).toEqual([
      {
        inviteId: expect.stringMatching(/^[0-9a-f]{16}$/),
        email: graceEmail,
        role: 'member',
        invitedBy: owner.user.userId,
        invitedAt: expect.any(String),
        expiresAt: sent.body.data.expiresAt,
      },
    ]);
    const revoked = await admin.browser.request('DELETE', `/dashboard/v1/team/invites/${listed[0].inviteId}`);
    expect(revoked.body.data).toEqual({ inviteId: listed[0].inviteId, revokedAt: expect.any(String) });
    expect(pendingEmails(await owner.browser.request('GET', '/dashboard/v1/team/invites'))).toEqual([]);
    const again = await owner.browser.request('DELETE', `/dashboard/v1/team/invites/${listed[0].inviteId}`);
    expect({ status: again.status, code: again.body.error?.code }).toEqual({ status: 404, code: 6013 });
    const unknown = await owner.browser.request('DELETE', '/dashboard/v1/team/invites/not-an-id');
    expect({ status: unknown.status, code: unknown.body.error?.code }).toEqual({ status: 404, code: 6013 });

    const grace = await signedInUser(app, graceEmail, 'Grace');
    const refused = await grace.browser.request('POST', '/dashboard/v1/team/invites/accept', {
      body: { token: await tokenFromOutbox(app.dataDir, graceEmail, '/accept-invite') },
    });
    expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 400, code: 6006 });
  });

  it('a member can neither see nor withdraw invitations', async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'), 'Ada');
    const member = await joinedMember(app, owner, 'member');
    await owner.browser.request('POST', '/dashboard/v1/team/invites', {
      body: { email: uniqueEmail('other'), role: 'member' },
    });
    const [pending] = (await owner.browser.request('GET', '/dashboard/v1/team/invites')).body.data.items;
    for (const res of [
      await member.browser.request('GET', '/dashboard/v1/team/invites'),
      await member.browser.request('DELETE', `/dashboard/v1/team/invites/${pending.inviteId}`),
    ])
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: 6010 });
  });
});

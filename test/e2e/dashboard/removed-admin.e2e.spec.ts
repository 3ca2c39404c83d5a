import { CommandBus } from '@nestjs/cqrs';
import { RemoveMemberCommand } from '@lib/teams/testing';
import { GatedEventStore } from '../../support/harness/gated-event-store';
import { startTestApp, TestApp } from '../../support/test-app';
import { joinedMember, signedInUser } from './dashboard-users';

const answer = (res: { status: number; body: any }) => ({ status: res.status, code: res.body.error?.code });

// Security review, round two (issue 36): the rest of finding 11 of the first review.
describe('finding 8: a removed admin before their own stream records that they left', () => {
  let app: TestApp;
  let gate: GatedEventStore | undefined;
  /** The user whose stream the gate holds: the removed admin's, so TeamLeft cannot be recorded meanwhile. */
  let heldUser: string | undefined;
  beforeAll(async () => {
    app = await startTestApp(
      {},
      { wrap: { eventStore: (s) => (gate = new GatedEventStore(s, (id) => id === `users-${heldUser}`)) } },
    );
  });
  afterAll(async () => {
    gate?.release();
    await app.close();
  });

  it('can neither remove members, revoke or rotate keys, nor spend through a /v1 session', async () => {
    const owner = await signedInUser(app);
    const admin = await joinedMember(app, owner, 'admin');
    const member = await joinedMember(app, owner, 'member', 'Katherine Johnson');
    const key = await member.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'ci' } });
    expect(key.status).toBe(201);
    // The account side of the removal only, as when the request dies before LeaveTeam, and the worker's
    // consumer held back: the users read model still names the admin's role in the team.
    heldUser = admin.user.userId;
    gate!.shut();
    await app.running.app
      .get(CommandBus)
      .execute(new RemoveMemberCommand(owner.user.accountId, admin.user.userId, admin.email));

    const forbidden = { status: 403, code: 6010 };
    const keyId = key.body.data.keyId;
    expect(answer(await admin.browser.request('DELETE', `/dashboard/v1/team/members/${member.user.userId}`))).toEqual(
      forbidden,
    );
    expect(answer(await admin.browser.request('DELETE', `/dashboard/v1/keys/${keyId}`))).toEqual(forbidden);
    expect(answer(await admin.browser.request('POST', `/dashboard/v1/keys/${keyId}/rotate`))).toEqual(forbidden);
    expect(answer(await admin.browser.request('GET', '/v1/credits/balance'))).toEqual(forbidden);
    // Nothing happened: the member and their key are still there, and the key works.
    const team = await owner.browser.request('GET', '/dashboard/v1/team');
    expect(team.body.data.members).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: member.user.userId })]),
    );
    expect((await app.request('GET', '/v1/credits/balance', { key: key.body.data.apiKey })).status).toBe(200);
    gate!.release();
  });
});

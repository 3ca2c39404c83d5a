import { EventStore } from '@lib/eventstore';
import type { CrashPoint } from '../../support/harness/crash-points';
import { describeUnderFaults, HarnessScenario, projected } from '../../support/harness/redelivery-harness';
import { tokenFromOutbox } from '../../support/dashboard-browser';
import { joinedMember, signedInUser, uniqueEmail } from '../dashboard/dashboard-users';

/**
 * Security review finding 11 (issue 25): a member's removal spans two streams, the team's account
 * (MemberRemoved, with their keys and invitations) and the member's user stream (TeamLeft, which moves
 * their session back to their own account). The removal request does both; the worker's consumer of
 * MemberRemoved (MemberRemovedConsumer) finishes the second when the request died between them. Killed at
 * every step, with every message delivered twice, the removed admin must end back in their own account,
 * unable to work in the team or to come back through the invitation they sent themselves (finding 1: it
 * is withdrawn in the removal's append), exactly as in a clean run.
 */
const teamRemoval: HarnessScenario = {
  startPeers: async () => ({ env: { TRIAL_CREDITS: '100' }, close: async () => undefined }),
  run: async (app) => {
    const owner = await signedInUser(app, uniqueEmail('owner'), 'Ada');
    const admin = await joinedMember(app, owner, 'admin', 'Mallory');
    await admin.browser.request('POST', '/dashboard/v1/team/invites', { body: { email: admin.email, role: 'admin' } });
    const backdoor = await tokenFromOutbox(app.dataDir, admin.email, '/accept-invite', 2);
    // The request may die here (500), as its caller sees it: killed before anything was recorded, it is
    // asked again; killed later, the removal must complete all the same.
    const remove = () => owner.browser.request('DELETE', `/dashboard/v1/team/members/${admin.user.userId}`);
    if ((await remove()).status >= 500) await remove();

    const whereAmI = async () => {
      const me = (await admin.browser.request('GET', '/dashboard/v1/me')).body.data;
      return { inOwnAccount: me?.accountId === admin.user.accountId, role: me?.role };
    };
    const me = await projected(whereAmI, { inOwnAccount: true, role: 'owner' }, 20_000);
    const key = await admin.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'after removal' } });
    const teamKeys = (await owner.browser.request('GET', '/dashboard/v1/keys')).body.data.items.length;
    const members = (await owner.browser.request('GET', '/dashboard/v1/team')).body.data.members.map(
      (m: { role: string }) => m.role,
    );
    const retry = await owner.browser.request('DELETE', `/dashboard/v1/team/members/${admin.user.userId}`);
    const rejoin = await admin.browser.request('POST', '/dashboard/v1/team/invites/accept', {
      body: { token: backdoor },
    });
    const pending = (await owner.browser.request('GET', '/dashboard/v1/team/invites')).body.data.items.length;
    const moves = (await app.running.app.get(EventStore).readStream(`users-${admin.user.userId}`))
      .map((e) => e.type)
      .filter((type) => type === 'TeamJoined' || type === 'TeamLeft');
    return {
      me,
      // A key the removed admin makes now is their own account's, not the team's.
      keyCreated: key.status,
      teamKeys,
      members,
      retry: { status: retry.status, code: retry.body.error?.code },
      rejoin: { status: rejoin.status, code: rejoin.body.error?.code },
      pending,
      moves,
    };
  },
};

const steps: CrashPoint[] = [
  { name: 'the MemberRemoved record', when: 'before', matches: (_, e) => e.type === 'MemberRemoved' },
  { name: 'the MemberRemoved record', when: 'after', matches: (_, e) => e.type === 'MemberRemoved' },
  { name: 'the TeamLeft record', when: 'before', matches: (_, e) => e.type === 'TeamLeft' },
  { name: 'the TeamLeft record', when: 'after', matches: (_, e) => e.type === 'TeamLeft' },
];

describe('finding 11: a crash between RemoveMember and LeaveTeam (with finding 1: the invitations withdrawn)', () => {
  describeUnderFaults([
    {
      name: 'team member removal',
      scenario: teamRemoval,
      steps,
      expected: {
        me: { inOwnAccount: true, role: 'owner' },
        keyCreated: 201,
        teamKeys: 0,
        members: ['owner'],
        retry: { status: 404, code: 6011 },
        rejoin: { status: 400, code: 6006 },
        pending: 0,
        moves: ['TeamJoined', 'TeamLeft'],
      },
    },
  ]);
});

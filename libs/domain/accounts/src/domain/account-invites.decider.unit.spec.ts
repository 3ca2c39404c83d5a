import { deciderSpec, decidedHistory } from '@lib/common/testing';
import { AccountCommand } from './account.commands';
import { accountDecider } from './account.decider';
import { AccountEvent } from './account.events';

// Security review finding 1 (issue 25): a pending invitation must not outlive the removal of the member
// who sent it or of the member it would bring back, and owners and admins can withdraw one.
const at = '2025-01-01T00:00:00.000Z';
const days = (n: number) => new Date(Date.parse(at) + n * 86_400_000).toISOString();
const hash = (c: string) => c.repeat(64);
const given = deciderSpec(accountDecider);

const invite = (inviteId: string, email: string, invitedBy: string, when = at): AccountCommand => ({
  type: 'InviteMember',
  inviteId,
  email,
  role: 'admin',
  tokenHash: hash(inviteId.slice(-1)),
  expiresAt: days(7),
  invitedBy,
  at: when,
});
const accept = (inviteId: string, userId: string, email: string, when = days(1)): AccountCommand => ({
  type: 'AcceptInvite',
  tokenHash: hash(inviteId.slice(-1)),
  userId,
  email,
  at: when,
});

/** The history after these commands, each decided on what came before. */
const continued = (history: AccountEvent[], ...commands: AccountCommand[]): AccountEvent[] =>
  commands.reduce((events, command) => [...events, ...given(events).when(command).events()], history);

/** An owner's team with Mallory, an admin who joined as mallory@example.com. */
const team: AccountEvent[] = decidedHistory(
  accountDecider,
  { type: 'OpenAccount', accountId: 'a', name: 'Team', ownerUserId: 'owner', at },
  invite('i1', 'mallory@example.com', 'owner'),
  accept('i1', 'mallory', 'mallory@example.com'),
);

describe('finding 1: an invite outlives the removal of its inviter and of its invitee', () => {
  it('withdraws, with the removal, the invites the removed member sent and those to their address', () => {
    const pending = continued(
      team,
      invite('i2', 'mallory@example.com', 'mallory', days(2)),
      invite('i3', 'friend@example.com', 'mallory', days(2)),
      invite('i4', 'grace@example.com', 'owner', days(2)),
    );
    const removed = given(pending)
      .when({ type: 'RemoveMember', userId: 'mallory', at: days(3) })
      .events();
    expect(removed.filter((e) => e.type === 'InviteRevoked').map((e) => e.data)).toEqual([
      {
        accountId: 'a',
        inviteId: 'i2',
        email: 'mallory@example.com',
        reason: 'invitee_removed',
        revokedAt: days(3),
      },
      { accountId: 'a', inviteId: 'i3', email: 'friend@example.com', reason: 'inviter_removed', revokedAt: days(3) },
    ]);
    const after = [...pending, ...removed];
    given(after)
      .when(accept('i2', 'mallory', 'mallory@example.com', days(4)))
      .thenThrows('INVALID_TOKEN');
    given(after)
      .when(accept('i3', 'friend', 'friend@example.com', days(4)))
      .thenThrows('INVALID_TOKEN');
    expect(
      given(after)
        .when(accept('i4', 'grace', 'grace@example.com', days(4)))
        .events()[0].type,
    ).toBe('MemberJoined');
  });

  it("withdraws invites to the member's current address too (they may have changed it since joining)", () => {
    const pending = continued(team, invite('i2', 'mallory@elsewhere.example', 'owner', days(2)));
    const removed = given(pending)
      .when({ type: 'RemoveMember', userId: 'mallory', email: 'mallory@elsewhere.example', at: days(3) })
      .events();
    expect(removed.filter((e) => e.type === 'InviteRevoked').map((e) => e.data.inviteId)).toEqual(['i2']);
  });

  it('lets a removed member back only through an invitation sent after the removal', () => {
    const removed = given(team)
      .when({ type: 'RemoveMember', userId: 'mallory', at: days(2) })
      .events();
    const reinvited = given([...team, ...removed])
      .when(invite('i5', 'mallory@example.com', 'owner', days(3)))
      .events();
    expect(
      given([...team, ...removed, ...reinvited])
        .when(accept('i5', 'mallory', 'mallory@example.com', days(4)))
        .events()[0].type,
    ).toBe('MemberJoined');
  });

  it('refuses an invitation from someone who is not an owner or admin of the team (a removed admin)', () => {
    const removed = given(team)
      .when({ type: 'RemoveMember', userId: 'mallory', at: days(2) })
      .events();
    given([...team, ...removed])
      .when(invite('i6', 'mallory@example.com', 'mallory', days(3)))
      .thenThrows('TEAM_ROLE_FORBIDDEN');
  });

  it('refuses a key for a user who is no longer in the team (a removal whose session still points here)', () => {
    const removed = given(team)
      .when({ type: 'RemoveMember', userId: 'mallory', at: days(2) })
      .events();
    given([...team, ...removed])
      .when({
        type: 'IssueApiKey',
        maxActiveKeys: 10,
        keyId: 'k9',
        secretHash: hash('9'),
        label: 'late',
        userId: 'mallory',
        at: days(3),
      })
      .thenThrows('TEAM_ROLE_FORBIDDEN');
  });
});

describe('revoking an invitation', () => {
  const pending = continued(team, invite('i2', 'grace@example.com', 'owner', days(2)));

  it('is done by an owner or admin; the link then no longer works', () => {
    const revoked = given(pending)
      .when({ type: 'RevokeInvite', inviteId: 'i2', revokedBy: 'mallory', at: days(3) })
      .events();
    expect(revoked).toEqual([
      {
        type: 'InviteRevoked',
        data: {
          accountId: 'a',
          inviteId: 'i2',
          email: 'grace@example.com',
          reason: 'revoked',
          revokedBy: 'mallory',
          revokedAt: days(3),
        },
      },
    ]);
    given([...pending, ...revoked])
      .when(accept('i2', 'grace', 'grace@example.com', days(4)))
      .thenThrows('INVALID_TOKEN');
  });

  it('refuses an invite that is unknown, used, expired or already revoked', () => {
    const revoke = (inviteId: string, when = days(3)): AccountCommand => ({
      type: 'RevokeInvite',
      inviteId,
      revokedBy: 'owner',
      at: when,
    });
    given(pending).when(revoke('nope')).thenThrows('INVITE_NOT_FOUND');
    given(team).when(revoke('i1')).thenThrows('INVITE_NOT_FOUND'); // used by Mallory
    given(pending)
      .when(revoke('i2', days(9)))
      .thenThrows('INVITE_NOT_FOUND');
    const revoked = given(pending).when(revoke('i2')).events();
    given([...pending, ...revoked])
      .when(revoke('i2'))
      .thenThrows('INVITE_NOT_FOUND');
  });

  it('is refused to someone who is not an owner or admin of the team', () => {
    given(pending)
      .when({ type: 'RevokeInvite', inviteId: 'i2', revokedBy: 'stranger', at: days(3) })
      .thenThrows('TEAM_ROLE_FORBIDDEN');
  });
});

describe('small finding (issue 37): inviting one person twice', () => {
  it('replaces the pending invitation, so one invitation (the newest link) remains', () => {
    const first = continued(team, invite('i2', 'grace@example.com', 'owner', days(1)));
    const again = given(first)
      .when(invite('i3', 'grace@example.com', 'owner', days(2)))
      .events();
    expect(again.map((e) => e.type)).toEqual(['InviteRevoked', 'MemberInvited']);
    expect(again[0].data).toMatchObject({ inviteId: 'i2', email: 'grace@example.com', reason: 'reinvited' });
    // The first link no longer works; the second one does.
    given([...first, ...again])
      .when(accept('i2', 'grace', 'grace@example.com', days(3)))
      .thenThrows('INVALID_TOKEN');
    expect(
      given([...first, ...again])
        .when(accept('i3', 'grace', 'grace@example.com', days(3)))
        .events(),
    ).toHaveLength(1);
  });

  it('leaves invitations to other people alone', () => {
    const first = continued(team, invite('i2', 'grace@example.com', 'owner', days(1)));
    expect(
      given(first)
        .when(invite('i3', 'alan@example.com', 'owner', days(2)))
        .events()
        .map((e) => e.type),
    ).toEqual(['MemberInvited']);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountTeams, IssueApiKeyCommand, OpenAccountCommand } from '@lib/accounts';
import { accountStream, apiKeysProjection, IssueApiKeyHandler, OpenAccountHandler } from '@lib/accounts/testing';
import { DomainError } from '@lib/common';
import { eventually, FakeClock } from '@lib/common/testing';
import { SqliteEventStore } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';
import { SqliteReadStore } from '@lib/readstore';
import { AcceptInviteCommand } from '../accept-invite/accept-invite.command';
import { AcceptInviteHandler } from '../accept-invite/accept-invite.handler';
import { InviteMemberCommand } from '../invite-member/invite-member.command';
import { InviteMemberHandler } from '../invite-member/invite-member.handler';
import { RemoveMemberCommand } from './remove-member.command';
import { RemoveMemberHandler } from './remove-member.handler';

const NOW = Date.parse('2025-03-01T10:00:00.000Z');
const TOKEN_HASH = 'ab'.repeat(32);

// The team commands on a real embedded event store, run on the account aggregate through AccountTeams; the
// api-keys projection is applied by hand, the way the projector role would, so RemoveMember's wait for the
// revoked keys can end.
describe('team commands (libs/teams handlers)', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let teams: AccountTeams;
  const clock = FakeClock.at(NOW);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'team-commands-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
    teams = new AccountTeams(events, new ReadModelFreshness(reads));
  });
  afterEach(async () => {
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function projectKeys(): Promise<void> {
    for (const event of await events.readStream(accountStream('1'))) await apiKeysProjection.handle(event, reads);
  }

  it('invites for 7 days, lets only the invited address join, and removes the member with their keys', async () => {
    await new OpenAccountHandler(events, clock).execute(new OpenAccountCommand('Acme', '1', false, 'u1'));
    const invitation = await new InviteMemberHandler(teams, clock).execute(
      new InviteMemberCommand('1', 'grace@example.com', 'admin', TOKEN_HASH, 'u1'),
    );
    expect(invitation.expiresAt).toBe('2025-03-08T10:00:00.000Z');

    const accept = new AcceptInviteHandler(teams, clock);
    await expect(
      accept.execute(new AcceptInviteCommand('1', TOKEN_HASH, 'u3', 'mallory@example.com')),
    ).rejects.toMatchObject({ errorName: 'INVALID_TOKEN' });
    expect(await accept.execute(new AcceptInviteCommand('1', TOKEN_HASH, 'u2', 'grace@example.com'))).toEqual({
      accountId: '1',
      role: 'admin',
    });

    await new IssueApiKeyHandler(events, clock, { maxKeysPerAccount: 10 }).execute(
      new IssueApiKeyCommand('1', 'ci', 'u2'),
    );
    await new IssueApiKeyHandler(events, clock, { maxKeysPerAccount: 10 }).execute(
      new IssueApiKeyCommand('1', 'laptop', 'u1'),
    );
    await projectKeys();
    let answered = false;
    const removal = new RemoveMemberHandler(teams, clock).execute(new RemoveMemberCommand('1', 'u2')).then((answer) => {
      answered = true;
      return answer;
    });
    // The handler answers once authentication sees the revoked key: project what it appended.
    await eventually(
      async () => expect((await events.readStream(accountStream('1'))).map((e) => e.type)).toContain('MemberRemoved'),
      { intervalMs: 5 },
    );
    // Recorded but not projected yet: no answer while the revoked key still authenticates (a deliberate
    // pause, room for a wrong early answer to come).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    await projectKeys();
    expect(await removal).toEqual({ userId: 'u2', revokedKeys: 1, removedAt: '2025-03-01T10:00:00.000Z' });
    const revoked = (await reads.collection('api_keys').find({ filter: { revoked: true } })).map((k) => k.userId);
    expect(revoked).toEqual(['u2']);

    await expect(
      new RemoveMemberHandler(teams, clock).execute(new RemoveMemberCommand('1', 'u1')),
    ).rejects.toBeInstanceOf(DomainError); // the owner cannot be removed
  });
});

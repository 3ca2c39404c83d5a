import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventRecorder } from '@lib/eventstore/testing';
import { SqliteReadStore } from '@lib/readstore';
import { ListTeamMembersHandler } from './list-team-members.handler';
import { ListTeamMembersQuery } from './list-team-members.query';
import { teamMembersProjection } from './team-members.projection';

const record = eventRecorder();
const onAccount = (type: string, data: { accountId: string } & Record<string, unknown>) =>
  record(type, `accounts-${data.accountId}`, data);
const joined = (accountId: string, userId: string, role: string, joinedAt: string) =>
  onAccount('MemberJoined', { accountId, inviteId: `i-${userId}`, userId, role, joinedAt });

// Team 1: owner u1 (signed up), admin u2 (joined later), member u3 (joined, then removed); team 2: its own owner,
// whom team 1's list must never show; team 4: opened by an operator, with no owner user.
const HISTORY = [
  onAccount('AccountOpened', { accountId: '1', name: 'Acme', ownerUserId: 'u1', openedAt: '2025-03-01T10:00:00.000Z' }),
  joined('1', 'u2', 'admin', '2025-03-02T10:00:00.000Z'),
  joined('1', 'u3', 'member', '2025-03-03T10:00:00.000Z'),
  onAccount('MemberRemoved', { accountId: '1', userId: 'u3', removedAt: '2025-03-04T10:00:00.000Z' }),
  onAccount('AccountOpened', {
    accountId: '2',
    name: 'Other',
    ownerUserId: 'u9',
    openedAt: '2025-03-01T11:00:00.000Z',
  }),
  onAccount('AccountOpened', { accountId: '4', name: 'Operated', openedAt: '2025-03-01T12:00:00.000Z' }),
];

describe('the team members read model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'team-members-'));
  const reads = new SqliteReadStore(join(dir, 'read.sqlite'));
  const members = (accountId: string) => new ListTeamMembersHandler(reads).execute(new ListTeamMembersQuery(accountId));
  beforeAll(async () => {
    for (const event of HISTORY) await teamMembersProjection.handle(event, reads);
  });
  afterAll(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the members of a team, the owner first, in the order they joined, without the removed', async () => {
    expect(await members('1')).toEqual([
      { userId: 'u1', role: 'owner', joinedAt: '2025-03-01T10:00:00.000Z' },
      { userId: 'u2', role: 'admin', joinedAt: '2025-03-02T10:00:00.000Z' },
    ]);
  });

  it('lists no one for an account an operator opened, or for no account', async () => {
    expect(await members('4')).toEqual([]);
    expect(await members('3')).toEqual([]);
  });
});

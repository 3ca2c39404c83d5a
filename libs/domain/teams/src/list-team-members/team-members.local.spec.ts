import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@lib/eventstore';
import { SqliteReadStore } from '@lib/readstore';
import { ListTeamMembersHandler } from './list-team-members.handler';
import { ListTeamMembersQuery } from './list-team-members.query';
import { teamMembersProjection } from './team-members.projection';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  streamId: `accounts-${data.accountId as string}`,
  revision: position - 1,
  position,
  data,
  metadata: {},
  recordedAt: '2025-03-01T10:00:00.000Z',
});

// Team 1: owner u1 (signed up), admin u2 (joined later), member u3 (joined, then removed); team 2: its own owner,
// whom team 1's list must never show; team 4: opened by an operator, with no owner user.
const HISTORY = [
  recorded('AccountOpened', { accountId: '1', name: 'Acme', ownerUserId: 'u1', openedAt: '2025-03-01T10:00:00.000Z' }),
  recorded('MemberJoined', {
    accountId: '1',
    inviteId: 'i1',
    userId: 'u2',
    role: 'admin',
    joinedAt: '2025-03-02T10:00:00.000Z',
  }),
  recorded('MemberJoined', {
    accountId: '1',
    inviteId: 'i2',
    userId: 'u3',
    role: 'member',
    joinedAt: '2025-03-03T10:00:00.000Z',
  }),
  recorded('MemberRemoved', { accountId: '1', userId: 'u3', removedAt: '2025-03-04T10:00:00.000Z' }),
  recorded('AccountOpened', { accountId: '2', name: 'Other', ownerUserId: 'u9', openedAt: '2025-03-01T11:00:00.000Z' }),
  recorded('AccountOpened', { accountId: '4', name: 'Operated', openedAt: '2025-03-01T12:00:00.000Z' }),
];

describe('team members over the projected read model', () => {
  let dir: string;
  let reads: SqliteReadStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'team-members-'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
    for (const event of HISTORY) await teamMembersProjection.handle(event, reads);
  });
  afterAll(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the team members, the owner first, in the order they joined, without the removed', async () => {
    expect(await new ListTeamMembersHandler(reads).execute(new ListTeamMembersQuery('1'))).toEqual([
      { userId: 'u1', role: 'owner', joinedAt: '2025-03-01T10:00:00.000Z' },
      { userId: 'u2', role: 'admin', joinedAt: '2025-03-02T10:00:00.000Z' },
    ]);
  });

  it('lists no one for an account opened by an operator, or for no account', async () => {
    const members = new ListTeamMembersHandler(reads);
    expect(await members.execute(new ListTeamMembersQuery('4'))).toEqual([]);
    expect(await members.execute(new ListTeamMembersQuery('3'))).toEqual([]);
  });
});

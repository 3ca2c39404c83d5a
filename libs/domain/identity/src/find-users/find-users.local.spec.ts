import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@lib/eventstore';
import { SqliteReadStore } from '@lib/readstore';
import { sessionsProjection } from '../authenticate/sessions.projection';
import { usersProjection } from '../shared/users.projection';
import { FindSessionOwnersHandler, FindUsersHandler } from './find-users.handler';
import { FindSessionOwnersQuery, FindUsersQuery } from './find-users.query';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  streamId: `users-${data.userId as string}`,
  revision: 0,
  position,
  data,
  metadata: {},
  recordedAt: '2025-03-01T10:00:00.000Z',
});
const registered = (userId: string, email: string, accountId: string) =>
  recorded('UserRegistered', {
    userId,
    email,
    name: `Name ${userId}`,
    company: 'Acme',
    accountId,
    passwordHash: 'p',
    confirmTokenHash: 'c',
    confirmExpiresAt: '2025-03-02T10:00:00.000Z',
    registeredAt: '2025-03-01T10:00:00.000Z',
  });
const session = (userId: string, sessionId: string) =>
  recorded('SessionStarted', {
    userId,
    sessionId,
    secretHash: 's',
    csrfHash: 'c',
    userAgent: 'test',
    address: '127.0.0.1',
    startedAt: '2025-03-01T10:00:00.000Z',
    expiresAt: '2025-03-02T10:00:00.000Z',
  });

describe('user directory queries over the projected read models', () => {
  let dir: string;
  let reads: SqliteReadStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'user-directory-'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
    for (const event of [
      registered('u1', 'ada@example.com', '1'),
      registered('u2', 'grace@example.com', '2'),
      recorded('TeamJoined', { userId: 'u2', accountId: '1', role: 'admin', joinedAt: '2025-03-03T10:00:00.000Z' }),
      session('u1', 's1'),
      session('u2', 's2'),
    ]) {
      await usersProjection.handle(event, reads);
      await sessionsProjection.handle(event, reads);
    }
  });
  afterAll(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds users by id with the account they work in now, leaving unknown ids out', async () => {
    const found = await new FindUsersHandler(reads).execute(new FindUsersQuery(['u2', 'u1', 'u404']));
    expect(found.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual([
      { userId: 'u1', email: 'ada@example.com', name: 'Name u1', accountId: '1' },
      { userId: 'u2', email: 'grace@example.com', name: 'Name u2', accountId: '1' },
    ]);
    expect(await new FindUsersHandler(reads).execute(new FindUsersQuery([]))).toEqual([]);
  });

  it('names the user of each known session', async () => {
    const owners = await new FindSessionOwnersHandler(reads).execute(new FindSessionOwnersQuery(['s2', 's404']));
    expect(owners).toEqual([{ sessionId: 's2', userId: 'u2' }]);
    expect(await new FindSessionOwnersHandler(reads).execute(new FindSessionOwnersQuery([]))).toEqual([]);
  });
});

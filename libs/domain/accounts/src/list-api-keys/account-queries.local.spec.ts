import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@lib/eventstore';
import { eventRecorder } from '@lib/eventstore/testing';
import { SqliteReadStore } from '@lib/readstore';
import { apiKeysProjection } from '../authenticate/api-keys.projection';
import { GetApiKeyHandler, ListApiKeysHandler } from './list-api-keys.handler';
import { GetApiKeyQuery, ListApiKeysQuery } from './list-api-keys.query';

const record = eventRecorder();
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent =>
  record(type, `accounts-${data.accountId as string}`, data);

// Team 1: owner u1 (signed up), admin u2 (joined later; the team's own spec in @lib/teams lists them), an operator key, u2's key (rotated), u1's key
// (revoked); team 2: one key of its own, which team 1's queries must never see.
const HISTORY = [
  recorded('AccountOpened', { accountId: '1', name: 'Acme', ownerUserId: 'u1', openedAt: '2025-03-01T10:00:00.000Z' }),
  recorded('ApiKeyIssued', {
    accountId: '1',
    keyId: 'k-op',
    secretHash: 'h0',
    label: 'owner',
    role: 'owner',
    issuedAt: '2025-03-01T10:00:00.000Z',
  }),
  recorded('MemberJoined', {
    accountId: '1',
    inviteId: 'i1',
    userId: 'u2',
    role: 'admin',
    joinedAt: '2025-03-02T10:00:00.000Z',
  }),
  recorded('ApiKeyIssued', {
    accountId: '1',
    keyId: 'k-u2',
    secretHash: 'h1',
    label: 'ci',
    role: 'member',
    userId: 'u2',
    issuedAt: '2025-03-03T10:00:00.000Z',
  }),
  recorded('ApiKeyRotated', { accountId: '1', keyId: 'k-u2', secretHash: 'h2', rotatedAt: '2025-03-04T10:00:00.000Z' }),
  recorded('ApiKeyIssued', {
    accountId: '1',
    keyId: 'k-u1',
    secretHash: 'h3',
    label: 'laptop',
    role: 'member',
    userId: 'u1',
    issuedAt: '2025-03-05T10:00:00.000Z',
  }),
  recorded('ApiKeyRevoked', { accountId: '1', keyId: 'k-u1', revokedAt: '2025-03-06T10:00:00.000Z' }),
  recorded('AccountOpened', { accountId: '2', name: 'Other', ownerUserId: 'u9', openedAt: '2025-03-01T11:00:00.000Z' }),
  recorded('ApiKeyIssued', {
    accountId: '2',
    keyId: 'k-other',
    secretHash: 'h9',
    label: 'other',
    role: 'member',
    userId: 'u9',
    issuedAt: '2025-03-07T10:00:00.000Z',
  }),
];

describe('account queries over the projected read models', () => {
  let dir: string;
  let reads: SqliteReadStore;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'account-queries-'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
    for (const event of HISTORY) await apiKeysProjection.handle(event, reads);
  });
  afterAll(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists a team's keys newest first, without secrets, and only one member's when asked", async () => {
    const keys = new ListApiKeysHandler(reads);
    expect(await keys.execute(new ListApiKeysQuery('1'))).toEqual([
      {
        keyId: 'k-u1',
        accountId: '1',
        label: 'laptop',
        userId: 'u1',
        issuedAt: '2025-03-05T10:00:00.000Z',
        revokedAt: '2025-03-06T10:00:00.000Z',
        rotatedAt: null,
        scopes: null, // keys issued without limits keep every scope and every address
        allowedAddresses: null,
        monthlyCreditCap: null,
        kind: 'live', // every key issued before keys had kinds
        allowedOrigins: null,
      },
      {
        keyId: 'k-u2',
        accountId: '1',
        label: 'ci',
        userId: 'u2',
        issuedAt: '2025-03-03T10:00:00.000Z',
        revokedAt: null,
        rotatedAt: '2025-03-04T10:00:00.000Z',
        scopes: null, // keys issued without limits keep every scope and every address
        allowedAddresses: null,
        monthlyCreditCap: null,
        kind: 'live', // every key issued before keys had kinds
        allowedOrigins: null,
      },
      {
        keyId: 'k-op',
        accountId: '1',
        label: 'owner',
        userId: null,
        issuedAt: '2025-03-01T10:00:00.000Z',
        revokedAt: null,
        rotatedAt: null,
        scopes: null, // keys issued without limits keep every scope and every address
        allowedAddresses: null,
        monthlyCreditCap: null,
        kind: 'live', // every key issued before keys had kinds
        allowedOrigins: null,
      },
    ]);
    expect((await keys.execute(new ListApiKeysQuery('1', 'u2'))).map((key) => key.keyId)).toEqual(['k-u2']);
  });

  it('gets one key by id (any team: the caller checks ownership), and null for an unknown id', async () => {
    const get = new GetApiKeyHandler(reads);
    expect(await get.execute(new GetApiKeyQuery('k-other'))).toMatchObject({ keyId: 'k-other', accountId: '2' });
    expect(await get.execute(new GetApiKeyQuery('k-missing'))).toBeNull();
    expect(await get.execute(new GetApiKeyQuery('k-u2'))).not.toHaveProperty('secretHash');
  });
});

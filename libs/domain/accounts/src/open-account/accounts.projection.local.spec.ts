import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@lib/eventstore';
import { SqliteReadStore } from '@lib/readstore';
import { AccountDoc, accountsProjection, ACCOUNTS_COLLECTION } from './accounts.projection';

const recorded = (position: number, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${position}`,
  type,
  streamId: 'accounts-acc_1',
  revision: position - 1,
  position,
  data,
  metadata: {},
  recordedAt: '2025-03-01T10:00:00.000Z',
});

describe('accounts projection', () => {
  let dir: string;
  let reads: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'accounts-projection-'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one document per opened account, its name and opening time, and applies a replayed event once', async () => {
    const opened = recorded(1, 'AccountOpened', {
      accountId: 'acc_1',
      name: 'Acme',
      ownerUserId: 'usr_1',
      openedAt: '2025-03-01T10:00:00.000Z',
    });
    await accountsProjection.handle(opened, reads);
    await accountsProjection.handle(
      recorded(2, 'ApiKeyIssued', {
        accountId: 'acc_1',
        keyId: 'k',
        secretHash: 'h',
        label: 'l',
        role: 'owner',
        issuedAt: '2025-03-01T10:01:00.000Z',
      }),
      reads,
    );
    await accountsProjection.handle({ ...opened, data: { ...opened.data, name: 'Replayed' } }, reads);
    expect(await reads.collection<AccountDoc>(ACCOUNTS_COLLECTION).find({ filter: {} })).toEqual([
      { _id: 'acc_1', name: 'Acme', openedAt: '2025-03-01T10:00:00.000Z', _position: 1 },
    ]);
  });
});

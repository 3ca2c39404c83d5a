import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FixedClock } from '@lib/common';
import { SqliteEventStore } from '@lib/eventstore';
import { AccountOpenedHandler } from './account-opened.handler';
import { AccountOpenedQuery } from './account-opened.query';
import { OpenAccountCommand } from './open-account.command';
import { OpenAccountHandler } from './open-account.handler';

describe('an opened account', () => {
  let dir: string;
  let events: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'account-opened-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is known from its stream', async () => {
    const opened = new AccountOpenedHandler(events);
    expect(await opened.execute(new AccountOpenedQuery('1'))).toBe(false);
    await new OpenAccountHandler(events, new FixedClock(Date.parse('2025-03-01T10:00:00.000Z'))).execute(
      new OpenAccountCommand('Acme', '1'),
    );
    expect(await opened.execute(new AccountOpenedQuery('1'))).toBe(true);
  });
});

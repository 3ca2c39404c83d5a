import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '@lib/common/testing';
import { SqliteEventStore } from '@lib/eventstore';
import { AccountOpenedHandler } from './account-opened.handler';
import { AccountOpenedQuery } from './account-opened.query';
import { OpenAccountCommand } from './open-account.command';
import { OpenAccountHandler } from './open-account.handler';

describe('whether an account was opened', () => {
  it('is read from its stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'account-opened-'));
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    try {
      const opened = new AccountOpenedHandler(events);
      expect(await opened.execute(new AccountOpenedQuery('1'))).toBe(false);
      const clock = FakeClock.at(Date.parse('2025-03-01T10:00:00.000Z'));
      await new OpenAccountHandler(events, clock).execute(new OpenAccountCommand('Acme', '1'));
      expect(await opened.execute(new AccountOpenedQuery('1'))).toBe(true);
    } finally {
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

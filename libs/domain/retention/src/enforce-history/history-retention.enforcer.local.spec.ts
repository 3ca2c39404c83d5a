import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { SqliteEventStore } from '@lib/eventstore';
import { MasterKeys, masterKeyOf, SqliteDataKeyStore } from '@lib/personal-data/testing';
import { retentionStream } from '../domain/retention.events';
import type { EffectiveRetention } from '../domain/effective-retention';
import { HistoryRetentionEnforcer } from './history-retention.enforcer';

describe('history retention enforcer', () => {
  let dir: string;
  let events: SqliteEventStore;
  let keys: SqliteDataKeyStore;
  let enforcer: HistoryRetentionEnforcer;
  const at = '2026-11-28T14:00:00.000Z';
  const days = (accountId: string, kind: string, list: string[]) =>
    list.map((day) => `account:${accountId}:${kind}:${day}`);
  const retention: Record<string, EffectiveRetention> = {
    short: { historyDays: 3, jobFilesDays: 7, chosen: true },
    kept: { historyDays: 0, jobFilesDays: 0, chosen: false },
  };
  const retentionOf = async (accountId: string) => retention[accountId];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'history-retention-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 20 });
    keys = new SqliteDataKeyStore(join(dir, 'keys.sqlite'), new MasterKeys(masterKeyOf(randomBytes(32))));
    enforcer = new HistoryRetentionEnforcer(events, keys, new Logger('test'));
  });
  afterEach(async () => {
    await Promise.all([events.close(), keys.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when an account keeps 3 days', () => {
    it('destroys the calls and finder days older than that, records them once, and keeps the rest', async () => {
      const old = [...days('short', 'calls', ['2026-11-20', '2026-11-24']), ...days('short', 'finder', ['2026-11-01'])];
      const recent = [
        ...days('short', 'calls', ['2026-11-25', '2026-11-28']),
        ...days('short', 'finder', ['2026-11-27']),
      ];
      // Many address scopes between an account's days: the scan skips them and still finds every day.
      const addresses = Array.from({ length: 1200 }, (_, n) => `account:short:address:${String(n).padStart(6, '0')}`);
      const others = ['account:short:job:7', 'account:short:pepper', ...days('kept', 'calls', ['2020-01-01'])];
      await keys.keysFor([...old, ...recent, ...addresses, ...others]);

      expect(await enforcer.enforce(at, retentionOf)).toBe(3);

      const left = await keys.existing([...old, ...recent, ...others, addresses[0]]);
      expect([...left.keys()].sort()).toEqual([...recent, ...others, addresses[0]].sort());
      const recorded = await events.readStream(retentionStream('short'));
      expect(recorded.map((e) => e.type)).toEqual(['HistoryRetentionEnforced']);
      expect(recorded[0].data).toEqual({ accountId: 'short', historyDays: 3, scopes: [...old].sort(), enforcedAt: at });

      // A second pass finds nothing due and records nothing.
      expect(await enforcer.enforce(at, retentionOf)).toBe(0);
      expect(await events.readStream(retentionStream('short'))).toHaveLength(1);
      expect(await events.readStream(retentionStream('kept'))).toHaveLength(0);
    });

    it('after a crash between the record and the destruction, destroys the keys without a second record', async () => {
      const old = days('short', 'calls', ['2026-11-20']);
      await keys.keysFor(old);
      const crashing = new HistoryRetentionEnforcer(
        events,
        Object.assign(Object.create(keys) as SqliteDataKeyStore, {
          destroy: async () => {
            throw new Error('crash');
          },
        }),
        new Logger('test'),
      );
      await crashing.enforce(at, retentionOf);
      expect((await keys.existing(old)).size).toBe(1);

      expect(await enforcer.enforce(at, retentionOf)).toBe(1);
      expect((await keys.existing(old)).size).toBe(0);
      expect(await events.readStream(retentionStream('short'))).toHaveLength(1);
    });
  });
});

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { EventStore, SqliteEventStore } from '@lib/eventstore';
import { DataKeyCache, openDataKeyStore, PersonalDataRegistry, SealingEventStore } from '@lib/personal-data';
import { stringFlag, UsageError } from '../../cli-args';
import { CliCommand, EXIT } from '../../cli-command';
import { compareLogs, copyLog, countLog } from './event-log-copy';

// The one-time move of a log written in the clear (before issue 39) to a sealed one: an append-only log cannot
// be re-encrypted in place, so every stream is copied to a new log, sealed on the way, and both are replayed
// side by side. docs/personal-data.md has the cutover (stop writers, migrate, verify, swap DATA_DIR).

/** The log as stored (sealed parts not opened): the adapter under the sealing store, when there is one. */
const storedLog = (store: EventStore): EventStore => (store instanceof SealingEventStore ? store.stored : store);

async function dryRun(app: INestApplicationContext) {
  const byType = await countLog(storedLog(app.get(EventStore)), app.get(PersonalDataRegistry));
  const total = (field: 'events' | 'toSeal' | 'sealed') => Object.values(byType).reduce((n, c) => n + c[field], 0);
  return { dryRun: true, events: total('events'), toSeal: total('toSeal'), sealedAlready: total('sealed'), byType };
}

async function migrate(app: INestApplicationContext, config: AppConfig, targetDir: string) {
  const targetLog = path.join(targetDir, 'events.sqlite');
  if (path.resolve(targetDir) === path.resolve(config.dataDir)) throw new UsageError('--target-data-dir is DATA_DIR');
  if (fs.existsSync(targetLog)) throw new UsageError(`${targetLog} exists: migrate into a new, empty DATA_DIR`);
  const registry = app.get(PersonalDataRegistry);
  const source = app.get(EventStore);
  fs.mkdirSync(targetDir, { recursive: true });
  const raw = new SqliteEventStore(targetLog);
  const keys = await openDataKeyStore({ dataDir: targetDir, mongo: null, personalData: config.personalData });
  const target = new SealingEventStore(raw, new DataKeyCache(keys), registry);
  try {
    const started = Date.now();
    const copied = await copyLog(source, target);
    const copyMs = Date.now() - started;
    const comparison = await compareLogs(source, target, raw, registry);
    const ok = comparison.differences.length === 0 && comparison.clearInTarget.length === 0;
    return {
      exitCode: ok ? EXIT.ok : EXIT.mismatch,
      output: {
        targetDataDir: targetDir,
        copied,
        copyMs,
        verified: comparison.events,
        ok,
        differences: comparison.differences.slice(0, 20),
        clearInTarget: comparison.clearInTarget.slice(0, 20),
      },
    };
  } finally {
    await target.close();
    await keys.close();
  }
}

/**
 * `--dry-run`: counts per event type, what would be sealed, nothing written. Otherwise copies the whole log
 * into `--target-data-dir` (a new embedded DATA_DIR: its events.sqlite and data-keys.sqlite), sealed, and
 * replays both: exit 0 when every opened target event equals its source and nothing personal is left clear,
 * 3 otherwise.
 */
export const sealEventLog: CliCommand = {
  name: 'seal-event-log',
  usage: 'seal-event-log (--dry-run | --target-data-dir <new DATA_DIR>)   (copy a clear log into a sealed one)',
  async run(app, flags, config) {
    if (flags['dry-run'] !== undefined) return { output: await dryRun(app) };
    return migrate(app, config, stringFlag(flags, 'target-data-dir'));
  },
};

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runAdmin, startAppProcess } from '../../support/app-process';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Read models kept beside a new, shorter event log (an old MongoDB database given a fresh embedded event
 * store): their checkpoints are past the log's end, so nothing new would ever be projected and a new
 * account's key would answer 401 forever. The process says so and names the command that rebuilds them.
 */
describe('a read store whose checkpoints are ahead of the event log', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-other-log-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(async () => {
    const first = await startTestApp({}, { dataDir });
    await first.createAccount(10, 'Old log');
    await first.createAccount(10, 'Old log too');
    await first.close();
    // A new, empty event log beside the read models the old one built.
    for (const file of fs.readdirSync(dataDir).filter((name) => name.startsWith('events.sqlite')))
      fs.rmSync(path.join(dataDir, file));
  }, 60_000);

  it('keeps a projecting process from starting, with exit code 78 and the rebuild command', async () => {
    const started = startAppProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(await started.exited).toBe(78);
    expect(started.output()).toContain("Refusing to start: the read store's checkpoints are ahead of the event log");
    expect(started.output()).toMatch(/projection:\S+ at \d+/);
    expect(started.output()).toContain('npm run admin -- rebuild-read-models');
  }, 60_000);

  it('shows it on /ready of an api process (503, readStore problem naming the command)', async () => {
    let api: TestApp | undefined;
    try {
      api = await startTestApp({ APP_ROLES: 'api' }, { dataDir });
      const ready = await api.request('GET', '/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe(1008);
      const checks = JSON.parse(ready.body.error.message.replace(/^Not ready: /, ''));
      expect(checks.readStore.up).toBe(false);
      expect(checks.readStore.problems[0]).toContain('npm run admin -- rebuild-read-models');
      expect(checks.eventStore.up).toBe(true);
    } finally {
      await api?.close();
    }
  }, 60_000);

  it('starts and projects again once the read models are rebuilt from this log and the relay moved to its head', async () => {
    expect((await runAdmin(dataDir, 'rebuild-read-models')).code).toBe(0);
    expect((await runAdmin(dataDir, 'move-checkpoint', '--name', 'relay:analytics', '--to', 'head')).code).toBe(0);
    const app = await startTestApp({}, { dataDir });
    try {
      expect((await app.request('GET', '/ready')).status).toBe(200);
      const { apiKey } = await app.createAccount(7, 'New log');
      expect((await app.request('GET', '/v1/credits/balance', { key: apiKey })).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 90_000);
});

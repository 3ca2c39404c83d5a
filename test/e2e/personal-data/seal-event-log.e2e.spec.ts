import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runAdminWith } from '../../support/app-process';
import { startTestApp } from '../../support/test-app';

// Issue 39: a log written in the clear (before sealing) is copied into a new, sealed one; dry run first, then
// verified by replaying both, and the ledger replays to the same balances on either.
describe('seal-event-log', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-seal-log-'));
  const [source, target] = [path.join(root, 'clear'), path.join(root, 'sealed')];
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const bytesHold = (dir: string, text: string) =>
    fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('events.sqlite'))
      .some((name) => fs.readFileSync(path.join(dir, name)).includes(text));

  it('counts, copies sealed, verifies, and replays the ledger to the same balances', async () => {
    const app = await startTestApp({ SEAL_PERSONAL_DATA: 'false' }, { dataDir: source });
    const { apiKey } = await app.createAccount(10);
    const single = await app.request('POST', '/v1/verify/single', {
      key: apiKey,
      body: { email: 'ada.lovelace@@example' },
      headers: { 'idempotency-key': 'once' },
    });
    expect(single.status).toBe(200);
    await app.request('POST', '/v1/verify/batch', {
      key: apiKey,
      body: { emails: ['grace.hopper@@x', 'ada.lovelace@@example'] },
    });
    await app.close();
    expect(bytesHold(source, 'ada.lovelace')).toBe(true); // the scan below can fail

    const env = { DATA_DIR: source };
    const dry = await runAdminWith(env, 'seal-event-log', '--dry-run');
    expect(dry).toMatchObject({ code: 0, json: { dryRun: true, sealedAlready: 0 } });
    expect(dry.json.byType).toMatchObject({
      EmailVerified: { events: 1, toSeal: 1 },
      BatchVerified: { events: 1, toSeal: 1 },
      IdempotentResponseRecorded: { events: 1, toSeal: 1 },
    });
    expect(fs.existsSync(target)).toBe(false);

    const copied = await runAdminWith(env, 'seal-event-log', '--target-data-dir', target);
    expect(copied).toMatchObject({ code: 0, json: { ok: true, copied: dry.json.events, verified: dry.json.events } });
    expect(bytesHold(target, 'ada.lovelace')).toBe(false);
    expect(bytesHold(target, 'grace.hopper')).toBe(false);

    const before = await runAdminWith(env, 'ledger-replay', '--all', '--wait-seconds', '0');
    const after = await runAdminWith({ DATA_DIR: target }, 'ledger-replay', '--all', '--wait-seconds', '0');
    expect(before.json).toMatchObject({ accounts: 1, disagree: 0 });
    expect(after.json).toMatchObject({ accounts: before.json.accounts, disagree: 0 });

    const sealedApp = await startTestApp({}, { dataDir: target });
    try {
      const replay = await sealedApp.request('POST', '/v1/verify/single', {
        key: apiKey,
        body: { email: 'ada.lovelace@@example' },
        headers: { 'idempotency-key': 'once' },
      });
      expect(replay.body).toEqual(single.body);
    } finally {
      await sealedApp.close();
    }
    const refused = await runAdminWith(env, 'seal-event-log', '--target-data-dir', target);
    expect(refused.code).toBe(2);
  }, 180_000);
});

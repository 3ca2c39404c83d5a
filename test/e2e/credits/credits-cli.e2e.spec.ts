import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CREDIT_BALANCES_COLLECTION } from '@lib/ledger/testing';
import { ReadStore } from '@lib/readstore';
import { runAdmin } from '../../support/app-process';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';

const admin = runAdmin;

describe('admin CLI ledger audit', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-cli-'));
  let app: TestApp;
  let accountId: string;

  beforeAll(async () => {
    app = await startTestApp({}, { dataDir });
    accountId = (await app.createAccount(40)).accountId;
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
    await app.request('POST', `/admin/v1/accounts/${accountId}/orders`, { body: { packageId: 1 }, headers });
    await app.request('POST', `/admin/v1/accounts/${accountId}/adjustments`, {
      body: { amount: -15, reason: 'refund' },
      headers,
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('replays a consistent ledger, prints each transaction and exits 0', async () => {
    const result = await admin(dataDir, 'ledger-replay', '--account', accountId);
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({
      accountId,
      balance: 1025,
      ok: true,
      mismatches: [],
      readModel: { balance: 1025, transactions: 3 },
    });
    expect(
      result.json.transactions.map((t: { delta: number; computedBalance: number }) => [t.delta, t.computedBalance]),
    ).toEqual([
      [40, 40],
      [1000, 1040],
      [-15, 1025],
    ]);
  }, 60_000);

  it('finding 15: --all audits every account with a ledger in one run and exits 0 when all agree', async () => {
    const other = (await app.createAccount(7)).accountId;
    const result = await admin(dataDir, 'ledger-replay', '--all');
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({ ok: true, disagree: 0, stale: 0, problems: [] });
    expect(result.json.accounts).toBeGreaterThanOrEqual(2);
    expect(result.json.agree).toBe(result.json.accounts);
    expect(other).not.toBe(accountId);
  }, 60_000);

  it('exits 3 and names the difference when the read model disagrees with the ledger', async () => {
    await app.running.app.get(ReadStore).collection(CREDIT_BALANCES_COLLECTION).set(accountId, { balance: 999 });
    const result = await admin(dataDir, 'ledger-replay', '--account', accountId, '--wait-seconds', '0');
    expect(result.code).toBe(3);
    expect(result.json.ok).toBe(false);
    expect(result.json.mismatches).toContain('read model balance 999 != replayed 1025');
    expect(result.json).toMatchObject({ ledgerOk: true, readModelStatus: 'disagrees' });
  }, 60_000);

  it('finding 15: --all exits 3 when any account disagrees and names that account in its summary', async () => {
    const result = await admin(dataDir, 'ledger-replay', '--all', '--wait-seconds', '0');
    expect(result.code).toBe(3);
    expect(result.json).toMatchObject({ ok: false, disagree: 1 });
    expect(result.json.agree).toBe(result.json.accounts - 1);
    expect(result.json.problems).toEqual([
      expect.objectContaining({
        accountId,
        verdict: 'mismatch',
        mismatches: expect.arrayContaining(['read model balance 999 != replayed 1025']),
      }),
    ]);
    expect((await admin(dataDir, 'ledger-replay', '--all', '--account', accountId)).code).toBe(2);
  }, 60_000);

  it('exits 4, not 3, when the ledger is sound but no projector has built its read model yet', async () => {
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-cli-fresh-'));
    try {
      const created = await admin(freshDir, 'create-account', '--name', 'CLI only', '--credits', '30');
      expect(created.code).toBe(0);
      const replay = await admin(freshDir, 'ledger-replay', '--account', created.json.accountId, '--wait-seconds', '0');
      expect(replay.code).toBe(4);
      expect(replay.json).toMatchObject({
        balance: 30,
        ok: false,
        ledgerOk: true,
        readModelStatus: 'behind',
        readModel: null,
      });
    } finally {
      fs.rmSync(freshDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('rebuilds every read model from the event store, after which the audit passes again', async () => {
    await app.close();
    const rebuilt = await admin(dataDir, 'rebuild-read-models');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.json.projections).toEqual(
      expect.arrayContaining(['credit-balances', 'credit-transactions', 'credit-orders']),
    );
    expect(rebuilt.stderr).toMatch(/100%/);
    const replay = await admin(dataDir, 'ledger-replay', '--account', accountId);
    expect(replay.code).toBe(0);
    app = await startTestApp({}, { dataDir });
  }, 90_000);

  it('exits 2 on a usage mistake and 1 when the command fails', async () => {
    expect((await admin(dataDir, 'adjust', '--account', accountId)).code).toBe(2);
    const failed = await admin(dataDir, 'add-order', '--account', accountId, '--package', '99');
    expect(failed.code).toBe(1);
    expect(failed.json.error.code).toBe(2005);
  }, 60_000);
});

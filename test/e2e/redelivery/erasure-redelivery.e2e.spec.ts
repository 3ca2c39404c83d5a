import * as fs from 'node:fs';
import { runAdmin } from '../../support/app-process';
import { erasureDone } from '../../support/erasure-progress';
import type { CrashSwitch } from '../../support/harness/crash-points';
import {
  accountErasureSteps,
  ADDRESS_ERASURE_STEPS,
  crashPointOf,
  type ErasureStep,
  type ErasureSubject,
  JOB_ERASURE_STEPS,
} from '../../support/harness/erasure-steps';
import { ledgerState } from '../../support/harness/redelivery-harness';
import type { MailPeers } from '../../support/peers/mail-peers';
import { ADMIN_TOKEN, type TestApp } from '../../support/test-app';
import { scanForPersonalData, storeOf, storesHolding } from '../../support/personal-data-scan';
import { signedInUser } from '../dashboard/dashboard-users';
import { parseCsv } from '../jobs/jobs-world';
import { leaveData, openedEventsHolding, recordedSteps, startErasureWorld, subjectAddress } from './erasure-world';

/** An account under erasure: its id and the key that calls as it. */
interface Opened {
  accountId: string;
  key: string;
  /** Asks for the erasure; its id. */
  erase(subject: ErasureSubject): Promise<string>;
  /** Whether the erasure closes the account (its receipts are then the operator's to read). */
  closes?: boolean;
  /** Its receipts as the account (or the operator, once closed) reads them. */
  receipts(): Promise<Array<{ erasureId: string }>>;
}

interface Kind {
  name: string;
  steps: ErasureStep[];
  /** Whether the subject's calls hold the address too (not for a job's erasure: only the job is erased). */
  calls: boolean;
  removed: Record<string, number>;
  jobFilesPurged: number;
  open(app: TestApp): Promise<Opened>;
  /** What the customer reads of the job afterwards. */
  jobAfterwards?(app: TestApp, opened: Opened, subject: ErasureSubject): Promise<void>;
}

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function apiAccount(app: TestApp, erase: (key: string, s: ErasureSubject) => Promise<any>): Promise<Opened> {
  const { accountId, apiKey: key } = await app.createAccount(1_000);
  return {
    accountId,
    key,
    async erase(subject) {
      const asked = await erase(key, subject);
      expect(asked.status).toBe(202);
      return asked.body.data.erasureId;
    },
    receipts: async () => (await app.request('GET', '/v1/erasures', { key })).body.data.items,
  };
}

const KINDS: Kind[] = [
  {
    name: "a job's delete-now",
    steps: JOB_ERASURE_STEPS,
    calls: false,
    removed: { jobsPurged: 1 },
    jobFilesPurged: 1,
    open: (app) => apiAccount(app, (key, s) => app.request('POST', `/v1/jobs/${s.jobId}/erase`, { key })),
    async jobAfterwards(app, opened, subject) {
      const download = await app.request('GET', `/v1/jobs/${subject.jobId}/download`, { key: opened.key });
      expect([download.status, download.body.error?.code]).toEqual([410, 3012]);
    },
  },
  {
    name: "a data subject's request",
    steps: ADDRESS_ERASURE_STEPS,
    calls: true,
    removed: { jobsSearched: 1 },
    jobFilesPurged: 0,
    open: (app) =>
      apiAccount(app, (key, s) => app.request('POST', '/v1/erasures', { key, body: { address: s.address } })),
    async jobAfterwards(app, opened, subject) {
      const download = await app.request('GET', `/v1/jobs/${subject.jobId}/download`, { key: opened.key });
      expect(download.status).toBe(200);
      const rows = await parseCsv(download.text);
      expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
        ['[erased]', '[erased]'],
        ['Keep', 'keep.me@beta.test'],
      ]);
    },
  },
  {
    name: "an account's closure",
    steps: accountErasureSteps(),
    calls: true,
    removed: { jobsPurged: 1 },
    jobFilesPurged: 1,
    async open(app) {
      const owner = await signedInUser(app);
      const created = await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } });
      const accountId = owner.user.accountId as string;
      return {
        accountId,
        key: created.body.data.apiKey,
        closes: true,
        async erase() {
          const { name } = (await owner.browser.request('GET', '/dashboard/v1/team')).body.data;
          const closed = await owner.browser.request('POST', '/dashboard/v1/account/close', {
            body: { teamName: name },
          });
          expect(closed.status).toBe(202);
          return closed.body.data.erasure.erasureId;
        },
        receipts: async () =>
          (await app.request('GET', `/admin/v1/accounts/${accountId}/erasures`, { headers: admin })).body.data.items,
      };
    },
  },
];

/**
 * Issue 39: every erasure kind run through the real worker with every bus message and every subscription
 * event delivered twice, and killed once at each step of its workflow, before or after it (the keys
 * destroyed, its records, a job's files deleted or rewritten, a read model cleaned, the bus told to forget):
 * the bus redelivers the message and the next run resumes. Each run ends as the clean one does: one
 * request, one record of the keys, one completion, one purge per job, the same receipt; nothing of the
 * subject readable in any store, nor in the log opened through the sealing store; the books untouched.
 * Afterwards, on the data directory alone, ledger-replay agrees over every account and the read models
 * rebuilt from the log, whose events are shredded, hold none of the erased addresses.
 */
describe('erasures under redelivery and crashes', () => {
  let app: TestApp;
  let peers: MailPeers;
  let crash: CrashSwitch;
  let dataDir: string;
  let subjects = 0;
  const erased: Array<{ kind: string; accountId: string; address: string; balance: number }> = [];

  beforeAll(async () => {
    ({ app, peers, crash } = await startErasureWorld());
    dataDir = app.dataDir;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await peers?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each(KINDS)('$name', (kind) => {
    const runs = [null, ...kind.steps].map((step) => ({
      step,
      label: step ? `killed ${step.when} ${step.name}` : 'not killed',
    }));

    it.each(runs)(
      'completes once, leaves nothing readable and the books as they were, $label',
      async ({ step }) => {
        const n = subjects++;
        const opened = await kind.open(app);
        const { accountId } = opened;
        const { address, jobId } = await leaveData(app, accountId, opened.key, n, kind.calls);
        expect(address).toBe(subjectAddress(n));
        const subject = { accountId, jobId, address };
        // The scan can fail: the address is in the clear in the blobs and the read models before.
        expect(storesHolding(app.dataDir, address)).toEqual(expect.arrayContaining(['blobs', 'read store']));
        const books = await ledgerState(app, accountId);

        crash.arm(step && crashPointOf(step, subject));
        const erasureId = await opened.erase(subject);
        const receipt = await erasureDone(
          app,
          opened.closes ? { accountId, erasureId } : { key: opened.key, erasureId },
        );
        const crashed = crash.hasFired;
        crash.arm(null);

        expect(crashed).toBe(step !== null);
        expect(await recordedSteps(app, accountId, erasureId, jobId)).toEqual({
          erasure: [1, 1, 1],
          jobFilesPurged: kind.jobFilesPurged,
        });
        expect(receipt.removed).toEqual(kind.removed);
        expect((await opened.receipts()).map((r) => r.erasureId)).toEqual([erasureId]);
        expect(storesHolding(app.dataDir, address)).toEqual([]);
        expect(await openedEventsHolding(app, address)).toEqual([]);
        await kind.jobAfterwards?.(app, opened, subject);
        expect(await ledgerState(app, accountId)).toEqual(books);
        erased.push({ kind: kind.name, accountId, address, balance: books.balance });
      },
      60_000,
    );
  });

  describe('afterwards, on the data directory alone', () => {
    beforeAll(async () => {
      await app.close();
    }, 30_000);

    it('ledger-replay agrees over every account, each balance as it was before its erasure', async () => {
      const all = await runAdmin(dataDir, 'ledger-replay', '--all');
      expect([all.code, all.json]).toEqual([0, expect.objectContaining({ ok: true, disagree: 0, stale: 0 })]);
      expect(all.json.accounts).toBeGreaterThanOrEqual(erased.length);
      // One account of each kind replayed alone: its balance from the log, against the one before.
      const firstOfEachKind = KINDS.map((k) => erased.find((e) => e.kind === k.name)!);
      for (const { accountId, balance } of firstOfEachKind) {
        const one = await runAdmin(dataDir, 'ledger-replay', '--account', accountId);
        expect([one.code, one.json.balance]).toEqual([0, balance]);
      }
    }, 120_000);

    it('rebuilds every read model from the log of shredded events, holding no erased address', async () => {
      const rebuilt = await runAdmin(dataDir, 'rebuild-read-models');
      expect(rebuilt.code).toBe(0);
      expect(rebuilt.json.projections).toEqual(expect.arrayContaining(['finder-known-addresses']));
      const hits = scanForPersonalData(
        dataDir,
        erased.map((e) => e.address),
      ).filter((hit) => storeOf(hit.file) === 'read store');
      expect(hits).toEqual([]);
      const replay = await runAdmin(dataDir, 'ledger-replay', '--all');
      expect([replay.code, replay.json.ok]).toEqual([0, true]);
    }, 120_000);
  });
});

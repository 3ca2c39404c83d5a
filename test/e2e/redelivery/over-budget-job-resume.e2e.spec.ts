import { eventually } from '@lib/common/testing';
import { CreditLedger } from '@lib/ledger';
import type { EventStore, NewEvent } from '@lib/eventstore';
import type { MessageBus } from '@lib/messaging';
import type { ReadStore } from '@lib/readstore';
import { runAdmin } from '../../support/app-process';
import { CrashPoint, CrashSwitch } from '../../support/harness/crash-points';
import { CrashingEventStore } from '../../support/harness/crashing-event-store';
import { CrashingReadStore } from '../../support/harness/crashing-read-store';
import { ledgerState, settled, upload } from '../../support/harness/redelivery-harness';
import { TwiceDeliveringBus } from '../../support/harness/twice-delivering-bus';
import { startMailPeers } from '../../support/peers/mail-peers';
import { accept, greylist, reject } from '../../support/peers/smtp-peer';
import { startTestApp, type TestApp } from '../../support/test-app';
import { parseCsv } from '../jobs/jobs-world';

/**
 * Finding 1 of issue 37: a list slightly over budget. 3,500 rows on a 2,979-credit balance: 3,000 decisive
 * addresses (gamma.test rejects: invalid; beta.test accepts all: catch-all), 1 credit each, and 500 that
 * stay greylisted (fog.test) and end unknown, free. Chunks of 200 run at once, so the last ones find the
 * balance short: they must hold what is left, not fail the job. The job must verify exactly 2,979
 * chargeable rows, fail saying so, and after a top-up of 100 resume to charge the last 21, each row once.
 * Run clean, and under redelivery (every bus message and projected event twice) with a crash at a step of
 * a chunk of the resumed run; ledger-replay must agree afterwards.
 */
const BALANCE = 2_979;
const TOP_UP = 100;
const ROWS = 3_500;
const DECISIVE = 3_000;

const address = (i: number): string =>
  i % 7 === 0 ? `u${i}@fog.test` : `r${i}@${i % 2 === 0 ? 'gamma.test' : 'beta.test'}`;
const CSV = `email\n${Array.from({ length: ROWS }, (_, i) => address(i)).join('\n')}\n`;

const startPeers = () =>
  startMailPeers(
    {
      'gamma.test': { default: reject() },
      'beta.test': { default: accept() },
      'fog.test': { default: greylist(1_000) },
    },
    { env: { JOB_CHUNK_SIZE: '200', JOB_GREYLIST_RETRY_DELAYS_MS: '200', GREYLIST_RETRY_DELAYS_MS: '50' } },
  );

const data = (e: NewEvent) => e.data as Record<string, any>;
const RESUMED_RUN = /:run:1$/;

/** Steps of a chunk worked in the resumed run: its hold, its record, its settle. */
const resumedRunSteps: CrashPoint[] = [
  {
    name: 'a resumed-run hold',
    when: 'after',
    matches: (_, e) => e.type === 'CreditsHeld' && RESUMED_RUN.test(data(e).reference),
  },
  { name: 'a resumed-run record', when: 'after', matches: (_, e) => e.type === 'ChunkCompleted' && data(e).run === 1 },
  {
    name: 'a resumed-run settle',
    when: 'after',
    matches: (_, e) => e.type === 'CreditsUsed' && RESUMED_RUN.test(data(e).reference),
  },
  { name: 'the resume', when: 'after', matches: (_, e) => e.type === 'JobResumed' },
];

async function runOverBudget(faults: false | { crashAt: CrashPoint | null }) {
  const peers = await startPeers();
  const crash = new CrashSwitch(faults ? faults.crashAt : null);
  const wrap = faults
    ? {
        eventStore: (s: EventStore) => new CrashingEventStore(s, crash),
        readStore: (s: ReadStore) => new CrashingReadStore(s, crash),
        bus: (b: MessageBus) => new TwiceDeliveringBus(b, crash),
      }
    : undefined;
  const app: TestApp = await startTestApp(peers.env, { wrap });
  try {
    const { accountId, apiKey } = await app.createAccount(BALANCE);
    const id = await upload(app, apiKey, '/v1/jobs', CSV);
    const view = async () => (await app.request('GET', `/v1/jobs/${id}`, { key: apiKey })).body.data;
    await settled(app, accountId, async () => (await view()).status === 'Failed', 120_000);
    const failed = await view();
    const atFailure = await ledgerState(app, accountId);

    await app.running.app.get(CreditLedger, { strict: false }).grant(accountId, TOP_UP, 0, {
      kind: 'grant',
      reason: 'top-up',
    });
    const resumed = await eventually(async () => {
      const answer = await app.request('POST', `/v1/jobs/${id}/resume`, { key: apiKey });
      if (answer.status >= 500) throw new Error(`resume answered ${answer.status}`); // a simulated crash
      return answer;
    });
    await settled(app, accountId, async () => (await view()).status === 'Completed', 120_000);
    const done = await view();
    const ledger = await ledgerState(app, accountId);
    const rows = (await parseCsv((await app.request('GET', `/v1/jobs/${id}/download`, { key: apiKey })).text)).slice(1);
    const replay = await runAdmin(app.dataDir, 'ledger-replay', '--all');
    return {
      crashed: crash.hasFired,
      failed,
      atFailure,
      resumed,
      done,
      ledger,
      rows,
      replay: replay.json,
    };
  } finally {
    await app.close();
    await peers.close();
  }
}

const sum = (charges: string[]) => charges.reduce((total, c) => total + Number(c.split('=')[1]), 0);

function expectChargedOnce(run: Awaited<ReturnType<typeof runOverBudget>>): void {
  const { failed, atFailure, resumed, done, ledger, rows, replay } = run;
  // It stopped only when the balance was spent: exactly 2,979 chargeable rows verified, and it says so.
  expect(failed).toMatchObject({ status: 'Failed', failureReason: 'insufficient_credits', resumable: true });
  expect(failed.creditsCharged).toBe(BALANCE);
  expect(atFailure).toMatchObject({ balance: 0, openHolds: 0 });
  expect(sum(atFailure.charges)).toBe(BALANCE);
  const decisiveDone = failed.results.invalid + failed.results.catch_all;
  expect(decisiveDone).toBe(BALANCE);
  expect(failed.failureMessage).toContain(`${failed.progress.processedRows.toLocaleString('en')} of 3,500 rows`);
  expect(failed.failureMessage).toContain('2,979 credits were charged');
  // The resume went on from the first undone row and charged each row once.
  expect(resumed.status).toBe(200);
  expect(done).toMatchObject({ status: 'Completed', creditsCharged: DECISIVE, resumable: false });
  expect(done.results).toMatchObject({ invalid: 1_500, catch_all: 1_500, unknown: ROWS - DECISIVE });
  expect(ledger).toMatchObject({ balance: BALANCE + TOP_UP - DECISIVE, openHolds: 0 });
  expect(sum(ledger.charges)).toBe(DECISIVE);
  expect(rows).toHaveLength(ROWS);
  expect(new Set(rows.map((r) => r[0])).size).toBe(ROWS);
  expect(rows.filter((r) => r[1] === '').length).toBe(0); // every row has its result
  expect(replay).toMatchObject({ ok: true, disagree: 0, stale: 0 });
}

describe('a list slightly over budget (issue 37)', () => {
  it('finding 1: verifies exactly the 2,979 rows the balance pays, fails saying so, and resumes to charge the rest once', async () => {
    expectChargedOnce(await runOverBudget(false));
  }, 300_000);

  it('finding 1: charges each row once when every message is delivered twice', async () => {
    expectChargedOnce(await runOverBudget({ crashAt: null }));
  }, 300_000);

  it.each(resumedRunSteps.map((step) => ({ step, label: `${step.when} ${step.name}` })))(
    'finding 1: charges each row once when killed $label',
    async ({ step }) => {
      const run = await runOverBudget({ crashAt: step });
      expect(run.crashed).toBe(true);
      expectChargedOnce(run);
    },
    300_000,
  );
});

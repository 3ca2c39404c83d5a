import { eventually } from '@lib/common/testing';
import type { MessageBus } from '@lib/messaging';
import { ledgerState, settled, upload } from '../../support/harness/redelivery-harness';
import { CrashSwitch } from '../../support/harness/crash-points';
import { TwiceDeliveringBus } from '../../support/harness/twice-delivering-bus';
import { startMailPeers } from '../../support/peers/mail-peers';
import { accept, reject } from '../../support/peers/smtp-peer';
import { startTestApp } from '../../support/test-app';
import { parseCsv } from '../jobs/jobs-world';
import { admin, answer, keyWith } from './scoped-keys';

/**
 * Issue 38: a list job started by a key with a monthly credit cap counts its rows toward the cap, cut the
 * way a job is cut to the balance. 100 distinct addresses, every one decisive (1 credit: gamma.test rejects,
 * beta.test accepts all), in chunks of 10 that run at once, through a key capped at 40 on a balance of
 * 1,000: exactly 40 verified and charged, 60 reported not verified; then the cap raised and the job resumed
 * to charge the other 60, each row once. Clean, and with every bus message delivered twice (each chunk's
 * message retried while the first delivery may still hold).
 */
const BALANCE = 1_000;
const CAP = 40;
const ROWS = 100;
const CSV = `email\n${Array.from({ length: ROWS }, (_, i) => `r${i}@${i % 2 ? 'beta.test' : 'gamma.test'}`).join('\n')}\n`;
const sum = (charges: string[]) => charges.reduce((total, c) => total + Number(c.split('=')[1]), 0);

async function runCappedJob(twice: boolean) {
  const peers = await startMailPeers(
    { 'gamma.test': { default: reject() }, 'beta.test': { default: accept() } },
    { env: { JOB_CHUNK_SIZE: '10' } },
  );
  const crash = new CrashSwitch(null);
  const app = await startTestApp(peers.env, {
    wrap: twice ? { bus: (b: MessageBus) => new TwiceDeliveringBus(b, crash) } : undefined,
  });
  try {
    const { accountId, apiKey: ownerKey } = await app.createAccount(BALANCE);
    const { keyId, apiKey } = await keyWith(app, accountId, { monthlyCreditCap: CAP });
    const id = await upload(app, apiKey, '/v1/jobs', CSV);
    const view = async () => (await app.request('GET', `/v1/jobs/${id}`, { key: apiKey })).body.data;
    await settled(app, accountId, async () => (await view()).status === 'Failed', 60_000);
    const failed = await view();
    const atFailure = await ledgerState(app, accountId);
    const partial = (await parseCsv((await app.request('GET', `/v1/jobs/${id}/download`, { key: apiKey })).text)).slice(
      1,
    );
    // The key's month is spent: its next paid call is refused, the account's other key is not held to it.
    const nextCall = answer(await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: 'x' } }));
    const otherKey = (await app.request('POST', '/v1/verify/single', { key: ownerKey, body: { email: 'x' } })).status;

    await app.request('PATCH', `/admin/v1/keys/${keyId}`, { headers: admin, body: { monthlyCreditCap: CAP + ROWS } });
    const resumed = await eventually(async () => {
      const res = await app.request('POST', `/v1/jobs/${id}/resume`, { key: apiKey });
      if (res.status !== 200) throw new Error(`resume answered ${res.status} ${res.text}`);
      return res;
    });
    await settled(app, accountId, async () => (await view()).status === 'Completed', 60_000);
    return {
      failed,
      atFailure,
      partial,
      nextCall,
      otherKey,
      resumed,
      done: await view(),
      ledger: await ledgerState(app, accountId),
    };
  } finally {
    await app.close();
    await peers.close();
  }
}

function expectCapKept(run: Awaited<ReturnType<typeof runCappedJob>>): void {
  const { failed, atFailure, partial, nextCall, otherKey, resumed, done, ledger } = run;
  // Exactly the cap's worth verified and charged; the rest reported as not verified.
  expect(failed).toMatchObject({
    status: 'Failed',
    failureReason: 'key_credit_cap_reached',
    resumable: true,
    creditsCharged: CAP,
    progress: { processedRows: CAP, totalRows: ROWS },
  });
  expect(failed.results.invalid + failed.results.catch_all).toBe(CAP);
  expect(failed.failureMessage).toContain(
    `monthly credit cap was reached after ${CAP} of ${ROWS} rows were verified (${ROWS - CAP} not verified); ${CAP} credits were charged`,
  );
  expect(atFailure).toMatchObject({ balance: BALANCE - CAP, openHolds: 0 });
  expect(sum(atFailure.charges)).toBe(CAP);
  expect(partial).toHaveLength(CAP);
  expect(nextCall).toEqual({ status: 402, code: 2018 });
  expect(otherKey).toBe(200);
  // Raised, the cap lets the resumed job finish: the other rows charged once each.
  expect(resumed.status).toBe(200);
  expect(done).toMatchObject({ status: 'Completed', creditsCharged: ROWS, resumable: false });
  expect(ledger).toMatchObject({ balance: BALANCE - ROWS - 1, openHolds: 0 });
  expect(sum(ledger.charges)).toBe(ROWS + 1);
}

describe('finding 2: a list job through a key with a monthly credit cap', () => {
  it('verifies exactly the cap, reports the rest as not verified, and resumes once the cap is raised', async () => {
    expectCapKept(await runCappedJob(false));
  }, 120_000);

  it('keeps to the cap when every chunk message is delivered twice', async () => {
    expectCapKept(await runCappedJob(true));
  }, 120_000);
});

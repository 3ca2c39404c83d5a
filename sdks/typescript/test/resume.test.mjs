// Issue 37, finding 1, through the client and the CLI: a list over budget stops with the balance spent
// (`resumable`, a message saying what was done and charged) and resumes after a top-up, each row charged once.
// On a test key's balance: a reset is its top-up.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Mailcheck } from '../dist/esm/index.js';
import { listCsv, PACKAGE, service, stopServices, testKey } from './support.mjs';

const CLI = join(PACKAGE, 'dist/cjs/cli/main.js');
let svc;
before(async () => {
  svc = await service();
});
after(stopServices);

/** A test key whose balance is `credits`, and a way to give it more (a reset sets what is available). */
async function smallAccount(credits) {
  const apiKey = await testKey(svc, { balance: credits });
  const client = new Mailcheck({ apiKey, baseUrl: svc.url });
  return { apiKey, client, topUp: (available) => client.credits.resetTestBalance({ balance: available }) };
}

// listCsv(6): 6 rows, each a decisive verdict (1 credit), so 4 credits pay for 4 of them.
test('job.resume() after a top-up finishes a job the balance stopped, charging each row once', async () => {
  const { client, topUp } = await smallAccount(4);
  const job = await client.jobs.create(Buffer.from(listCsv(6)), { fileName: 'over-budget.csv' });
  const stopped = await job.wait();
  assert.equal(stopped.status, 'Failed');
  assert.equal(stopped.resumable, true);
  assert.equal(stopped.creditsCharged, 4);
  assert.match(stopped.failureMessage, /4 credits were charged/);
  await topUp(10);
  const resumed = await job.resume();
  assert.equal(resumed.status, 'Processing');
  const done = await job.wait();
  assert.equal(done.status, 'Completed');
  assert.equal(done.creditsCharged, 6);
  assert.equal((await client.credits.balance()).balance, 10 - 2, 'the resumed rows only');
});

test('mailcheck resume <id> follows the resumed job to its download', async () => {
  const { apiKey, client, topUp } = await smallAccount(4);
  const job = await client.jobs.create(Buffer.from(listCsv(6)), { fileName: 'cli-over-budget.csv' });
  await job.wait();
  await topUp(10);
  const dir = mkdtempSync(join(tmpdir(), 'sdk-resume-'));
  const { code, stderr } = await new Promise((resolve) =>
    execFile(
      process.execPath,
      [CLI, 'resume', String(job.id), '--out', 'resumed.csv'],
      { cwd: dir, env: { ...process.env, MAILCHECK_API_KEY: apiKey, MAILCHECK_BASE_URL: svc.url } },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, stderr }),
    ),
  );
  assert.equal(code, 0, stderr);
  assert.match(stderr, /Completed: .*; 6 credits charged/);
});

// The mailcheck command against the real service: in a pseudo-terminal (util-linux `script`) it draws
// a progress bar redrawn in place; through a pipe it prints plain lines; exit statuses.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Mailcheck } from '../dist/esm/index.js';
import { listCsv, MAGIC, PACKAGE, service, stopServices, startReceiver, testKey } from './support.mjs';

const CLI = join(PACKAGE, 'dist/cjs/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'sdk-cli-'));
let svc;
let env;
before(async () => {
  svc = await service();
  env = { ...process.env, MAILCHECK_API_KEY: await testKey(svc, { balance: 100_000 }), MAILCHECK_BASE_URL: svc.url };
});
after(stopServices);

const run = (file, args, extraEnv = {}) =>
  new Promise((resolve) => {
    execFile(file, args, { env: { ...env, ...extraEnv }, cwd: dir, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });
const quote = (arg) => `'${arg.replace(/'/g, `'\\''`)}'`;
/** Runs the CLI in a pseudo-terminal 100 columns wide; the transcript holds stdout and stderr as drawn. */
const runInTerminal = (args) =>
  run('script', ['-qfec', `stty cols 100; ${[process.execPath, CLI, ...args].map(quote).join(' ')}`, '/dev/null']);

test('verify list.csv in a terminal draws a progress bar in place, downloads the filtered results and exits 0', async () => {
  writeFileSync(join(dir, 'list.csv'), listCsv(1_500));
  const { code, stdout } = await runInTerminal([
    'verify',
    'list.csv',
    '--results',
    'ok,invalid',
    '--columns',
    'result',
    '--out',
    'out.csv',
  ]);
  assert.equal(code, 0, stdout);
  const redraws = stdout.split('\r\x1b[2K').slice(1);
  assert.ok(redraws.length >= 2, `the bar was drawn ${redraws.length} times:\n${stdout}`);
  assert.match(redraws.at(-1), /^verify \[#{10,}\] 100\.0% {2}1,500\/1,500 rows {2}[\d,]+ rows\/s {2}ETA 0:00/);
  assert.ok(
    redraws.some((line) => /\[#*-+\]/.test(line)),
    'a partly filled bar was drawn',
  );
  assert.match(stdout, /Completed: ok 1, invalid 1, catch_all 1,498; 1,500 credits charged/);
  assert.equal(readFileSync(join(dir, 'out.csv'), 'utf8'), `email,result\n${MAGIC.ok},ok\n${MAGIC.invalid},invalid\n`);
});

test('verify --simple writes the rows it keeps with one plain-words column, named after them', async () => {
  writeFileSync(join(dir, 'simple.csv'), listCsv(20));
  const { code, stderr } = await run(process.execPath, [CLI, 'verify', 'simple.csv', '--results', 'ok', '--simple']);
  assert.equal(code, 0, stderr);
  assert.match(stderr, /results written to simple-deliverable\.csv/);
  assert.equal(
    readFileSync(join(dir, 'simple-deliverable.csv'), 'utf8'),
    `email,Email status\n${MAGIC.ok},Deliverable\n`,
  );
});

test('through a pipe it prints plain progress lines and the default file name', async () => {
  writeFileSync(join(dir, 'piped.csv'), listCsv(20));
  const { code, stderr } = await run(process.execPath, [CLI, 'verify', 'piped.csv']);
  assert.equal(code, 0, stderr);
  assert.ok(!stderr.includes('\r'));
  assert.match(stderr, /^verify completed: 100\.0% {2}20\/20 rows/m);
  assert.match(stderr, /results written to piped-results\.csv/);
  assert.equal(readFileSync(join(dir, 'piped-results.csv'), 'utf8').trim().split('\n').length, 21);
});

test('verify list.xlsx --sheet reads that sheet of an Excel workbook and downloads UTF-8 with its accents', async () => {
  const { default: ExcelJS } = await import('exceljs'); // the service's own .xlsx library, as a writer
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Notes').addRows([['nothing here']]);
  book.addWorksheet('Leads').addRows([
    ['Name', 'Email'],
    ['José Müller', MAGIC.ok],
    ['Zoë O’Brien', MAGIC.invalid],
  ]);
  await book.xlsx.writeFile(join(dir, 'list.xlsx'));
  const { code, stderr } = await run(process.execPath, [
    CLI,
    'verify',
    'list.xlsx',
    '--sheet',
    'Leads',
    '--columns',
    'result',
    '--out',
    'xlsx-out.csv',
  ]);
  assert.equal(code, 0, stderr);
  assert.equal(
    readFileSync(join(dir, 'xlsx-out.csv'), 'utf8'),
    `\uFEFFName,Email,result\r\nJosé Müller,${MAGIC.ok},ok\r\nZoë O’Brien,${MAGIC.invalid},invalid\r\n`,
  );
});

test('find, balance and webhooks subcommands', async () => {
  const { person } = MAGIC;
  const found = await run(process.execPath, [
    CLI,
    'find',
    '--first',
    person.firstName,
    '--last',
    person.lastName,
    '--domain',
    person.domain,
  ]);
  assert.equal(found.code, 0, found.stderr);
  assert.match(found.stdout, new RegExp(`^${person.email.replace('.', '\\.')} \\(Good`));
  writeFileSync(
    join(dir, 'people.csv'),
    `first,last,domain\n${person.firstName},${person.lastName},${person.domain}\n`,
  );
  const finderJob = await run(process.execPath, [CLI, 'find', 'people.csv', '--out', 'people-out.csv']);
  assert.equal(finderJob.code, 0, finderJob.stderr);
  assert.match(readFileSync(join(dir, 'people-out.csv'), 'utf8'), new RegExp(person.email.replace('.', '\\.')));

  const balance = await run(process.execPath, [CLI, 'balance', '--json']);
  assert.equal(balance.code, 0);
  assert.equal(typeof JSON.parse(balance.stdout).available, 'number');

  const receiver = await startReceiver(svc);
  // Owners and admins manage webhooks: the service's team owner's test key.
  const asOwner = (args) => run(process.execPath, [CLI, ...args], { MAILCHECK_API_KEY: svc.testApiKey });
  try {
    const created = await asOwner(['webhooks', 'create', receiver.url, '--json']);
    assert.equal(created.code, 0, created.stderr);
    const { id, secret } = JSON.parse(created.stdout);
    assert.match(secret, /^whsec_/);
    assert.match(
      (await asOwner(['webhooks', 'list'])).stdout,
      new RegExp(`^${id} ${receiver.url.replace(/\./g, '\\.')}`, 'm'),
    );
    assert.match((await asOwner(['webhooks', 'test', String(id)])).stdout, /^delivered \(HTTP 200/);
    assert.match((await asOwner(['webhooks', 'toggle', String(id), '--active', 'false'])).stdout, /\(paused\)/);
    assert.match((await asOwner(['webhooks', 'deliveries', String(id)])).stdout, /webhook\.test succeeded/);
    assert.match((await asOwner(['webhooks', 'rotate-secret', String(id)])).stdout, /^secret: whsec_/);
    assert.match((await asOwner(['webhooks', 'delete', String(id)])).stdout, /deleted/);
  } finally {
    await receiver.close();
  }
});

test('exit statuses: 1 when the service refuses, 2 on bad usage', async () => {
  const refused = await run(process.execPath, [CLI, 'balance'], {
    MAILCHECK_API_KEY: 'mck_test_0000000000000000_nope',
  });
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /^error 1102: /);
  const missing = await run(process.execPath, [CLI, 'verify', 'no-such-file.csv']);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^cannot read no-such-file.csv: ENOENT/);
  assert.equal((await run(process.execPath, [CLI, 'nonsense'])).code, 2);
  assert.equal((await run(process.execPath, [CLI, 'verify', '--bogus-flag'])).code, 2);
  assert.equal((await run(process.execPath, [CLI, 'balance'], { MAILCHECK_API_KEY: '' })).code, 2);
});

test('a job cancelled while the CLI follows it: the partial results are written and the exit status is 1', async () => {
  writeFileSync(join(dir, 'cancelled.csv'), listCsv(3_000));
  const child = spawn(process.execPath, [CLI, 'verify', 'cancelled.csv', '--out', 'cancelled-out.csv'], {
    env,
    cwd: dir,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  while (!/job (\d+):/.test(stderr)) await new Promise((resolve) => setTimeout(resolve, 50));
  const jobId = /job (\d+):/.exec(stderr)[1];
  const client = new Mailcheck({ apiKey: env.MAILCHECK_API_KEY, baseUrl: env.MAILCHECK_BASE_URL });
  assert.equal((await client.jobs.get(jobId).then((job) => job.cancel())).status, 'Cancelled');
  assert.equal(await exited, 1, stderr);
  assert.match(stderr, /^Cancelled: /m);
  assert.match(readFileSync(join(dir, 'cancelled-out.csv'), 'utf8'), /^email,result,/);
});

// Issue 36 findings on the client side, against hostile HTTP peers on loopback (no service needed):
// the CLI's download name and overwrites, redirects carrying the key, what inspecting a client shows,
// and deduplicating webhook deliveries.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { after, test } from 'node:test';
import { Mailcheck, MailcheckError } from '../dist/esm/index.js';
import { insecureBaseUrlWarning } from '../dist/esm/cli/main.js';
import { DeliveryDedupe, verifyWebhookSignature } from '../dist/esm/webhook-signature.js';
import { PACKAGE } from './support.mjs';

const CLI = join(PACKAGE, 'dist/cjs/cli/main.js');
const KEY = 'mk_0123456789abcdef_s3cr3t-do-not-print';
const servers = [];
after(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** An HTTP server on loopback answering with `handle`; resolves with its base URL. */
async function peer(handle) {
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks)));
  });
  servers.push(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

const json = (response, status, data) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ status: 'success', data, error: null }));
};

/** A service that runs any upload as a finished one-row job and names its results file `fileName`. */
function hostileService(fileName) {
  const view = {
    id: 1,
    status: 'Completed',
    fileName: 'list.csv',
    progress: { processedRows: 1, totalRows: 1, percent: 100 },
    etaSeconds: 0,
    counts: { rows: 1 },
    results: { ok: 1 },
    creditsCharged: 1,
  };
  return peer((request, response) => {
    if (request.method === 'POST' && request.url === '/v1/jobs') return json(response, 201, view);
    if (request.url === '/v1/jobs/1/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      return response.end(`id: 1\nevent: done\ndata: ${JSON.stringify(view)}\n\n`);
    }
    if (request.url.startsWith('/v1/jobs/1/download')) {
      response.writeHead(200, {
        'content-type': 'text/csv',
        'content-disposition': `attachment; filename="${fileName}"`,
        'x-partial-result': 'false',
      });
      return response.end('email,result\nalice@acme.test,ok\n');
    }
    json(response, 404, null);
  });
}

const runCli = (cwd, baseUrl, args) =>
  new Promise((resolve) => {
    const env = { ...process.env, MAILCHECK_API_KEY: KEY, MAILCHECK_BASE_URL: baseUrl };
    execFile(process.execPath, [CLI, ...args], { cwd, env }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });

test('finding 5: the CLI writes the results under a plain file name in the current directory, never a path or a dot-file', async () => {
  const home = mkdtempSync(join(tmpdir(), 'sdk-hostile-'));
  const cwd = join(home, 'work', 'lists');
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, 'list.csv'), 'email\nalice@acme.test\n');
  for (const [suggested, written] of [
    ['../../.ssh/authorized_keys', 'authorized_keys'],
    ['../.bashrc', 'results.csv'],
    ['/etc/cron.d/job', 'job'],
    ['..\\\\..\\\\evil.csv', 'evil.csv'],
  ]) {
    const url = await hostileService(suggested);
    const { code, stderr } = await runCli(cwd, url, ['verify', 'list.csv']);
    assert.equal(code, 0, stderr);
    assert.match(stderr, new RegExp(`results written to ${written.replace('.', '\\.')} `));
    assert.equal(readFileSync(join(cwd, written), 'utf8'), 'email,result\nalice@acme.test,ok\n');
  }
  assert.deepEqual(readdirSync(home), ['work'], 'nothing written above the current directory');
  assert.deepEqual(readdirSync(join(home, 'work')), ['lists']);
  assert.equal(existsSync(join(cwd, '.bashrc')), false);
});

test('finding 5: the CLI never replaces a file of the name the service gives unless told (--force or --out)', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'sdk-overwrite-'));
  writeFileSync(join(cwd, 'list.csv'), 'email\nalice@acme.test\n');
  writeFileSync(join(cwd, 'precious.csv'), 'mine');
  const url = await hostileService('precious.csv');
  const refused = await runCli(cwd, url, ['verify', 'list.csv']);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /results not written: precious\.csv exists \(pass --out FILE, or --force/);
  assert.equal(readFileSync(join(cwd, 'precious.csv'), 'utf8'), 'mine');
  const forced = await runCli(cwd, url, ['verify', 'list.csv', '--force']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(readFileSync(join(cwd, 'precious.csv'), 'utf8'), /^email,result/);
  writeFileSync(join(cwd, 'chosen.csv'), 'old');
  const chosen = await runCli(cwd, url, ['verify', 'list.csv', '--out', 'chosen.csv']);
  assert.equal(chosen.code, 0, chosen.stderr);
  assert.match(readFileSync(join(cwd, 'chosen.csv'), 'utf8'), /^email,result/);
});

test('finding 5: a plain-http base URL off this machine is warned about; loopback and https are not', async () => {
  assert.match(
    insecureBaseUrlWarning('http://api.example.com'),
    /plain http: the API key and the results cross the network unencrypted/,
  );
  assert.match(insecureBaseUrlWarning('http://10.0.0.7:3000/'), /warning/);
  for (const quiet of [
    undefined,
    'https://api.example.com',
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
  ])
    assert.equal(insecureBaseUrlWarning(quiet), null, String(quiet));
  // The CLI says it on stderr before calling.
  const url = await hostileService('x.csv');
  const { stderr } = await runCli(tmpdir(), url.replace('127.0.0.1', 'localhost.example.invalid'), ['balance']);
  assert.match(stderr, /^warning: http:\/\/localhost\.example\.invalid:\d+ is plain http/);
});

test('finding 9: a redirect is not followed, so the API key never reaches another origin', async () => {
  const reached = [];
  const elsewhere = await peer((request, response) => {
    reached.push(request.headers['x-api-key'] ?? null);
    json(response, 200, { balance: 1, held: 0, available: 1 });
  });
  for (const status of [301, 302, 307, 308]) {
    const service = await peer((request, response) => {
      response.writeHead(status, { location: `${elsewhere}${request.url}` });
      response.end();
    });
    const client = new Mailcheck({ apiKey: KEY, baseUrl: service, maxRetries: 1, retryBaseDelayMs: 1 });
    await assert.rejects(client.credits.balance(), (error) => {
      assert.ok(error instanceof MailcheckError);
      assert.equal(error.status, status);
      assert.match(error.message, /redirects are not followed/);
      assert.ok(error.message.includes(elsewhere));
      return true;
    });
  }
  assert.deepEqual(reached, []);
});

test('finding 10: inspecting or logging a client never shows its API key', () => {
  const client = new Mailcheck({ apiKey: KEY, baseUrl: 'https://api.example.test' });
  for (const shown of [inspect(client, { depth: 10, showHidden: true }), JSON.stringify(Object.entries(client))])
    assert.ok(!shown.includes(KEY), shown);
  assert.ok(inspect(client, { depth: 10 }).includes('https://api.example.test'));
});

test('finding 12: a replayed delivery still verifies inside the window, and DeliveryDedupe handles it once', () => {
  const secret = 'whsec_t';
  const body = Buffer.from('{"id":"evt_1","type":"job.completed"}');
  const stamp = '1700000000';
  const mac = (...parts) => parts.reduce((h, part) => h.update(part), createHmac('sha256', secret)).digest('hex');
  const headers = {
    'x-svc-signature': mac(body),
    'x-svc-timestamp': stamp,
    'x-svc-timestamp-signature': mac(`${stamp}.`, body),
  };
  let now = 1_700_000_000;
  const seen = new DeliveryDedupe({ rememberSeconds: 600, now: () => now });
  const handled = [];
  // The replay may change the X-SVC-Delivery-Id header, which the signature does not cover.
  for (const deliveryId of ['d1', 'd2']) {
    const event = verifyWebhookSignature(body, { ...headers, 'x-svc-delivery-id': deliveryId }, secret, 300, now + 10);
    if (seen.firstTime(event)) handled.push(event.id);
  }
  assert.deepEqual(handled, ['evt_1']);
  assert.equal(seen.firstTime('evt_2'), true);
  now += 601;
  assert.equal(seen.firstTime('evt_1'), true, 'forgotten after rememberSeconds');
  assert.throws(() => seen.firstTime({}), /event id/);
  const small = new DeliveryDedupe({ maxEntries: 2 });
  assert.deepEqual(
    ['a', 'b', 'c', 'b', 'a'].map((id) => small.firstTime(id)),
    [true, true, true, false, true],
  );
});

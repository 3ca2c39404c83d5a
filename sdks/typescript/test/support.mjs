// Test support: the real service (test/support/serve-for-clients.ts: the app on embedded adapters), test
// keys of fresh accounts (answers fixed by docs/test-mode.md's magic addresses, no probes), a TCP proxy
// that breaks chosen connections, and an HTTPS webhook receiver. sdks/check.sh starts the services once and names
// their descriptions in MAILCHECK_TEST_SERVICE / MAILCHECK_TEST_LIMITED_SERVICE; run alone, a test
// file starts its own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const PACKAGE = join(ROOT, 'sdks/typescript');

const started = [];

/** Starts serve-for-clients.ts with `env` added to the app's environment; resolves with its description. */
export function startService(env = {}) {
  const child = spawn(
    process.execPath,
    ['-r', './scripts/register-ts.js', 'test/support/serve-for-clients.ts', JSON.stringify(env)],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  started.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve(JSON.parse(output.slice(0, output.indexOf('\n'))));
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code} before it was ready`)));
  });
}

/** Closing stdin stops a started service. */
export function stopServices() {
  for (const child of started.splice(0)) child.stdin.end();
}

const described = (variable, env) =>
  process.env[variable] ? Promise.resolve(JSON.parse(readFileSync(process.env[variable], 'utf8'))) : startService(env);
let normal;
let limited;
/** The service with the default (generous) rate limit. */
export const service = () => (normal ??= described('MAILCHECK_TEST_SERVICE', {}));
/** The service allowing one request a second per key (burst 1): the 429 tests. */
export const limitedService = () =>
  (limited ??= described('MAILCHECK_TEST_LIMITED_SERVICE', { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: '1' }));

/**
 * Addresses and names whose answers docs/test-mode.md's tables fix for a test key (the local part decides an
 * address's verdict; a company domain's first label decides what the finder finds): no probe, no DNS.
 */
export const MAGIC = {
  ok: 'valid@acme.test',
  invalid: 'no-mailbox@acme.test',
  catchAll: 'catch-all@acme.test',
  unknown: 'unknown@acme.test',
  insufficientCredits: 'insufficient-credits@acme.test',
  person: { firstName: 'Ada', lastName: 'Lovelace', domain: 'found.acme.test', email: 'ada.lovelace@found.acme.test' },
  nobody: { firstName: 'Nobody', lastName: 'Here', domain: 'not-found.acme.test' },
};

const admin = async (svc, path, body) => {
  const response = await fetch(`${svc.url}/admin/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${svc.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
};

/**
 * A test key (`mck_test_…`) of a fresh account, through the admin API: its test balance starts at 10,000
 * credits, or is reset to `balance`.
 */
export async function testKey(svc, { balance } = {}) {
  const { accountId } = await admin(svc, '/accounts', { name: 'sdk test', credits: 0 });
  const { apiKey } = await admin(svc, `/accounts/${accountId}/keys`, { label: 'sdk test', kind: 'test' });
  if (balance !== undefined) {
    const response = await fetch(`${svc.url}/v1/credits/test-balance/reset`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ balance }),
    });
    if (response.status !== 200) throw new Error(`reset: ${response.status} ${await response.text()}`);
  }
  return apiKey;
}

/** Opens a fresh account with `credits` through the admin API; resolves with its live API key. */
export async function newAccount(svc, credits = 10_000) {
  const response = await fetch(`${svc.url}/admin/v1/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${svc.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'sdk test', credits }),
  });
  if (response.status !== 201) throw new Error(`account: ${response.status} ${await response.text()}`);
  return (await response.json()).data.apiKey;
}

/**
 * A real TCP proxy in front of `target` (a URL). `breakRequest(index, head)` decides, per request
 * (0-based, in arrival order; a keep-alive connection carries several), whether to break its
 * connection: 'after-request' forwards the request and closes both sides as soon as the answer
 * starts (the service did the work, the client never hears of it); a number forwards that many
 * bytes of the answer and then closes.
 */
export async function startProxy(target, breakRequest = () => undefined) {
  const { hostname, port } = new URL(target);
  const heads = [];
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    let limit = Infinity;
    let forwarded = 0;
    client.on('data', (chunk) => {
      // A chunk that starts with a request line is the next request on this connection.
      const text = chunk.toString('latin1');
      if (/^[A-Z]+ \S+ HTTP\/1\.1\r\n/.test(text)) {
        const head = text.slice(0, text.indexOf('\r\n\r\n') + 1 || undefined);
        const decision = breakRequest(heads.length, head);
        heads.push(head);
        limit = decision === 'after-request' ? 0 : typeof decision === 'number' ? decision : Infinity;
        forwarded = 0;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      const room = limit - forwarded;
      if (room > 0) client.write(room >= chunk.length ? chunk : chunk.subarray(0, room));
      forwarded += chunk.length;
      if (forwarded >= limit) close();
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** The request heads received, in order. */
    heads,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The value of a header in a raw request head. */
export const headerIn = (head, name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();

/** An HTTPS receiver with the service's test certificate (the service trusts its CA): records raw bodies. */
export async function startReceiver(svc) {
  const requests = [];
  const waiters = [];
  const server = https.createServer(
    { key: readFileSync(svc.tls.key), cert: readFileSync(svc.tls.cert) },
    (req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200).end('ok');
        for (const waiter of waiters.splice(0)) waiter();
      });
    },
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}/hook`,
    requests,
    /** Resolves with the first request whose body matches `predicate` (waits up to `ms`). */
    async next(predicate, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = requests.find((r) => predicate(JSON.parse(r.body.toString('utf8'))));
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching webhook delivery arrived');
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A CSV of `rows` magic addresses: one deliverable, one refused, the rest catch-all (distinct by `+tag`). */
export function listCsv(rows = 50) {
  const lines = ['email', MAGIC.ok, MAGIC.invalid];
  for (let i = lines.length - 1; i < rows; i += 1) lines.push(`catch-all+${i}@acme.test`);
  return `${lines.join('\n')}\n`;
}

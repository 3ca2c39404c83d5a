// The HTTP client against a real loopback HTTP server: what it sends, and that every failure (slow, down,
// refused, rate-limited, unreadable) comes back as "unavailable" and a replaced check as "aborted".
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { loadSource } from './load-source.mjs';

const { requestVerification } = await loadSource('verify-client');

const data = { email: 'jane@example.com', result: 'ok', subResult: 'ok', didYouMean: null, disposable: false };
const requests = [];
const sockets = new Set();
const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://x');
  requests.push({ path: url.pathname, email: url.searchParams.get('email'), key: request.headers['x-api-key'] });
  const send = (status, body, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const error = (code, message) => ({ status: 'error', data: null, error: { code, message } });
  switch (url.searchParams.get('email')) {
    case 'slow@example.com':
      return; // never answers
    case 'limited@example.com':
      return send(429, error(1003, 'Too many requests'), { 'retry-after': '3' });
    case 'elsewhere@example.com':
      return send(403, error(1118, 'This origin is not allowed'));
    case 'proxy@example.com':
      return send(502, '<html>Bad gateway</html>', { 'content-type': 'text/html' });
    default:
      return send(200, { status: 'success', data: { ...data, email: url.searchParams.get('email') }, error: null });
  }
});
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
let baseUrl;
before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
});
after(() => {
  for (const socket of sockets) socket.destroy();
  server.close();
});

const ask = (email, options = {}) =>
  requestVerification(email, {
    baseUrl,
    key: 'mck_pub_k',
    timeoutMs: 2000,
    signal: new AbortController().signal,
    ...options,
  });

test('sends the address (encoded) and the key in X-API-KEY, and returns the answer', async () => {
  const outcome = await ask('jane+news@example.com');
  assert.deepEqual(outcome, { kind: 'answer', data: { ...data, email: 'jane+news@example.com' } });
  assert.deepEqual(requests.at(-1), { path: '/v1/verify/single', email: 'jane+news@example.com', key: 'mck_pub_k' });
});

test('a refused origin or key, a rate limit and an unreadable error page are unavailable, with what is known', async () => {
  assert.deepEqual(await ask('elsewhere@example.com'), {
    kind: 'unavailable',
    reason: 'refused',
    status: 403,
    code: 1118,
    message: 'This origin is not allowed',
  });
  assert.equal((await ask('limited@example.com')).reason, 'rate-limited');
  assert.deepEqual(await ask('proxy@example.com'), {
    kind: 'unavailable',
    reason: 'error',
    status: 502,
    code: null,
    message: 'HTTP 502',
  });
});

test('a slow service is given up after timeoutMs', async () => {
  const started = Date.now();
  const outcome = await ask('slow@example.com', { timeoutMs: 300 });
  assert.equal(outcome.kind, 'unavailable');
  assert.equal(outcome.reason, 'timeout');
  assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
});

test('a service that is down is unavailable (network)', async () => {
  const closed = createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = closed.address().port;
  await new Promise((resolve) => closed.close(resolve));
  const outcome = await ask('jane@example.com', { baseUrl: `http://127.0.0.1:${port}` });
  assert.equal(outcome.kind, 'unavailable');
  assert.equal(outcome.reason, 'network');
});

test('a check replaced by a newer one is aborted at once, not left to time out', async () => {
  const stale = new AbortController();
  const started = Date.now();
  const pending = ask('slow@example.com', { signal: stale.signal, timeoutMs: 5000 });
  setTimeout(() => stale.abort(), 100);
  assert.deepEqual(await pending, { kind: 'aborted' });
  assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
});

// Retries against the real service: 429 with Retry-After, a paid POST whose connection breaks after
// the service did the work (one charge, one job), a progress stream cut mid-way, timeouts.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { ConnectionError, Mailcheck, RateLimitError, TimeoutError } from '../dist/esm/index.js';
import { headerIn, limitedService, listCsv, MAGIC, service, startProxy, stopServices, testKey } from './support.mjs';

let svc;
before(async () => {
  svc = await service();
});
after(stopServices);

const settledBalance = async (client, expected) => {
  for (let i = 0; i < 100; i += 1) {
    const { balance } = await client.credits.balance();
    if (balance === expected) return balance;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return (await client.credits.balance()).balance;
};

test('a 429 is answered by waiting for Retry-After and retrying', async () => {
  const limited = await limitedService();
  const client = new Mailcheck({ apiKey: await testKey(limited), baseUrl: limited.url });
  const started = Date.now();
  const answers = await Promise.all([client.credits.balance(), client.credits.balance(), client.credits.balance()]);
  assert.equal(answers.length, 3);
  // One request a second with a burst of one: the last of the three waited about two seconds.
  assert.ok(Date.now() - started >= 1_500, `took ${Date.now() - started} ms`);

  const impatient = new Mailcheck({ apiKey: await testKey(limited), baseUrl: limited.url, maxRetries: 0 });
  const refused = await Promise.allSettled([impatient.credits.balance(), impatient.credits.balance()]);
  const error = refused.find((r) => r.status === 'rejected')?.reason;
  assert.ok(error instanceof RateLimitError, `got ${error}`);
  assert.equal(error.code, 1201);
  assert.ok(error.retryAfterSeconds >= 1);
});

test('a paid POST retried after its connection broke is charged once (same Idempotency-Key)', async () => {
  const key = await testKey(svc, { balance: 100 });
  const proxy = await startProxy(svc.url, (index) => (index === 0 ? 'after-request' : undefined));
  try {
    const client = new Mailcheck({ apiKey: key, baseUrl: proxy.url, retryBaseDelayMs: 50 });
    const result = await client.verify(MAGIC.ok);
    assert.equal(result.result, 'ok');
    const posts = proxy.heads.filter((h) => h.startsWith('POST /v1/verify/single'));
    assert.equal(posts.length, 2, 'sent, broken, sent again');
    assert.ok(headerIn(posts[0], 'idempotency-key'));
    assert.equal(headerIn(posts[1], 'idempotency-key'), headerIn(posts[0], 'idempotency-key'));
    const direct = new Mailcheck({ apiKey: key, baseUrl: svc.url });
    assert.equal(await settledBalance(direct, 99), 99, 'one credit for one verification');
    // No further charge appears later either.
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal((await direct.credits.balance()).balance, 99);
  } finally {
    await proxy.close();
  }
});

test('an upload retried after its connection broke makes one job', async () => {
  const key = await testKey(svc);
  const proxy = await startProxy(svc.url, (index) => (index === 0 ? 'after-request' : undefined));
  try {
    const client = new Mailcheck({ apiKey: key, baseUrl: proxy.url, retryBaseDelayMs: 50 });
    const job = await client.jobs.create(Buffer.from(listCsv(5)), { fileName: 'once.csv' });
    assert.equal(proxy.heads.filter((h) => h.startsWith('POST /v1/jobs')).length, 2);
    const page = await new Mailcheck({ apiKey: key, baseUrl: svc.url }).jobs.list();
    assert.deepEqual(
      page.items.map((j) => j.id),
      [job.id],
    );
  } finally {
    await proxy.close();
  }
});

test('wait() reopens a progress stream that broke mid-way and still sees the job end', async () => {
  const key = await testKey(svc);
  let cut = 0;
  // The first connection that asks for the stream gets the answer's headers and a little more, then breaks.
  const proxy = await startProxy(svc.url, (_index, head) => (head.includes('/stream') && !cut++ ? 300 : undefined));
  try {
    const client = new Mailcheck({ apiKey: key, baseUrl: proxy.url });
    const job = await client.jobs.create(Buffer.from(listCsv(300)), { fileName: 'resume.csv' });
    const final = await job.wait();
    assert.equal(final.status, 'Completed');
    assert.ok(proxy.heads.filter((h) => h.includes('/stream')).length >= 2, 'the stream was opened again');
  } finally {
    await proxy.close();
  }
});

test('no answer within timeoutMs is a TimeoutError once the retries are used up; a refused connection a ConnectionError', async () => {
  const sockets = [];
  const silent = net.createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address();
  try {
    const client = new Mailcheck({
      apiKey: 'k',
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 200,
      maxRetries: 1,
      retryBaseDelayMs: 10,
    });
    await assert.rejects(client.credits.balance(), (e) => e instanceof TimeoutError && e.code === 0);
    assert.equal(sockets.length, 2);
  } finally {
    sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent.close(resolve));
  }
  const nowhere = new Mailcheck({
    apiKey: 'k',
    baseUrl: `http://127.0.0.1:${port}`,
    maxRetries: 1,
    retryBaseDelayMs: 10,
  });
  await assert.rejects(nowhere.credits.balance(), (e) => e instanceof ConnectionError);
});

// Every call of the client against the real service, with test keys: answers come from docs/test-mode.md's
// magic addresses and names, so each assertion is exact and nothing is probed.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import {
  AuthenticationError,
  InsufficientCreditsError,
  InvalidRequestError,
  Mailcheck,
  MailcheckError,
  NotFoundError,
} from '../dist/esm/index.js';
import { listCsv, MAGIC, service, stopServices, testKey } from './support.mjs';

let svc;
let client;
const dir = mkdtempSync(join(tmpdir(), 'sdk-ts-'));

before(async () => {
  svc = await service();
  client = new Mailcheck({ apiKey: await testKey(svc, { balance: 100_000 }), baseUrl: svc.url });
});
after(stopServices);

describe('verify', () => {
  test('verify(email) answers the magic verdicts and charges one credit', async () => {
    const ok = await client.verify(MAGIC.ok);
    assert.equal(ok.result, 'ok');
    assert.equal(ok.creditsCharged, 1);
    const invalid = await client.verify(MAGIC.invalid, { evidence: true });
    assert.equal(invalid.result, 'invalid');
    assert.equal(invalid.subResult, 'no_mailbox');
    const typo = await client.verify('valid@gmial.com');
    assert.equal(typo.didYouMean, 'valid@gmail.com');
  });

  test('verifyBatch(emails) answers each address and sums them up', async () => {
    const batch = await client.verifyBatch([MAGIC.ok, MAGIC.invalid, MAGIC.catchAll]);
    assert.deepEqual(
      batch.results.map((r) => r.result),
      ['ok', 'invalid', 'catch_all'],
    );
    assert.equal(batch.summary.creditsCharged, 3);
  });

  test('a refused request is a typed error with the numeric code of the envelope', async () => {
    await assert.rejects(
      client.verify(''),
      (e) => e instanceof InvalidRequestError && e.code === 1006 && e.status === 400 && Boolean(e.requestId),
    );
    const stranger = new Mailcheck({ apiKey: 'mck_test_0000000000000000_nope', baseUrl: svc.url, maxRetries: 0 });
    await assert.rejects(stranger.credits.balance(), (e) => e instanceof AuthenticationError && e.code === 1102);
    await assert.rejects(
      client.jobs.get(1),
      (e) => e instanceof NotFoundError && e.code === 3001 && e instanceof MailcheckError,
    );
  });
});

describe('bulk jobs', () => {
  test('jobs.create(path) → wait({ onProgress }) → download to a file and as an iterator, filtered', async () => {
    const path = join(dir, 'list.csv');
    writeFileSync(path, listCsv(400));
    const job = await client.jobs.create(path, { dedupe: true });
    assert.equal(job.view.fileName, 'list.csv');
    assert.equal(job.view.counts.rows, 400);
    const seen = [];
    const final = await job.wait({ onProgress: (view) => seen.push(view.progress.processedRows) });
    assert.equal(final.status, 'Completed');
    assert.equal(job.status, 'Completed');
    assert.ok(seen.length >= 1, 'at least one progress event');
    assert.deepEqual(final.results, { ok: 1, invalid: 1, catch_all: 398, unknown: 0, disposable: 0, error: 0 });

    const download = await job.download({ results: ['ok', 'invalid'], columns: ['result', 'riskScore'] });
    // The service names a filtered file after the rows it holds.
    assert.equal(download.fileName, 'list-deliverable-invalid.csv');
    assert.equal(download.partial, false);
    const lines = [];
    for await (const line of download.lines()) lines.push(line);
    assert.deepEqual(
      lines.map((l) => l.split(',').slice(0, 2).join(',')),
      ['email,result', `${MAGIC.ok},ok`, `${MAGIC.invalid},invalid`],
    );

    const saved = join(dir, 'all.csv');
    const bytes = await (await job.download({ columns: 'result' })).saveTo(saved);
    const text = readFileSync(saved, 'utf8');
    assert.equal(bytes, Buffer.byteLength(text));
    assert.equal(text.trim().split('\n').length, 401);

    const simple = await (await job.download({ results: 'ok', format: 'simple' })).text();
    assert.deepEqual(simple.trim().split('\n'), ['email,Email status', `${MAGIC.ok},Deliverable`]);

    let chunks = 0;
    for await (const chunk of await job.download({ results: 'catch_all', columns: 'none' })) chunks += chunk.length;
    assert.ok(chunks > 398 * 10);
  });

  test('jobs.create takes a Blob, bytes or a stream, with options; get, list and cancel', async () => {
    const fromBlob = await client.jobs.create(new Blob([`name,address\nAlice,${MAGIC.ok}\n`]), {
      fileName: 'blob.csv',
      emailColumn: 1,
    });
    assert.equal(fromBlob.view.emailColumn.index, 1);
    assert.equal(fromBlob.view.emailColumn.chosenBy, 'request');
    const fromBytes = await client.jobs.create(Buffer.from(listCsv(3)), { fileName: 'bytes.csv' });
    const fromStream = await client.jobs.create(Readable.from([Buffer.from('email\n'), Buffer.from(`${MAGIC.ok}\n`)]), {
      fileName: 'stream.csv',
    });
    assert.equal((await fromStream.wait()).status, 'Completed');
    assert.equal((await fromBytes.wait()).counts.rows, 3);
    const again = await client.jobs.get(fromBlob.id);
    assert.equal(again.view.fileName, 'blob.csv');
    const page = await client.jobs.list({ pageSize: 100 });
    assert.ok([fromBlob.id, fromBytes.id, fromStream.id].every((id) => page.items.some((j) => j.id === id)));
    await fromBlob.wait();
    await assert.rejects(fromBlob.cancel(), (e) => e instanceof InvalidRequestError && e.code === 3002);
  });
});

describe('erasures', () => {
  test('job.erase() deletes an ended job now; eraseAddress, list and get show the receipts', async () => {
    // An account of its own: an address erasure is refused while a list job of the account runs.
    const client = new Mailcheck({ apiKey: await testKey(svc, { balance: 1_000 }), baseUrl: svc.url });
    const job = await client.jobs.create(Buffer.from(`email\n${MAGIC.ok}\n`), { fileName: 'erase-me.csv' });
    await job.wait();
    const erasing = await job.erase();
    assert.equal(erasing.erasureId, `job-${job.id}`);
    assert.deepEqual(erasing.target, { kind: 'job', jobId: job.id, jobKind: 'verification' });
    assert.equal((await job.erase()).erasureId, erasing.erasureId);
    const address = await client.erasures.eraseAddress('Jane.Subject@example.com');
    assert.equal(address.target.kind, 'address');
    assert.match(address.target.digest, /^[0-9a-f]{32}$/);
    assert.ok(!JSON.stringify(address).toLowerCase().includes('jane.subject'));
    const ids = (await client.erasures.list()).map((r) => r.erasureId);
    assert.deepEqual(ids.slice(0, 2), [address.erasureId, erasing.erasureId]);
    assert.equal((await client.erasures.get(erasing.erasureId)).erasureId, erasing.erasureId);
    await assert.rejects(client.erasures.get('job-0'), (e) => e instanceof NotFoundError);
    await assert.rejects(
      client.erasures.eraseAddress('nobody'),
      (e) => e instanceof InvalidRequestError && e.code === 4008,
    );
  });
});

describe('finder', () => {
  test('finder.find, findBatch and a finder job with its download', async () => {
    const { person, nobody } = MAGIC;
    const found = await client.finder.find({
      firstName: person.firstName,
      lastName: person.lastName,
      domain: person.domain,
    });
    assert.equal(found.email, person.email);
    assert.equal(found.creditsCharged, 10);
    const batch = await client.finder.findBatch([
      { firstName: person.firstName, lastName: person.lastName, domain: person.domain },
      nobody,
    ]);
    assert.deepEqual(
      batch.results.map((r) => [r.email, r.status]),
      [
        [person.email, 'Found'],
        [null, 'Not Found'],
      ],
    );

    const job = await client.finder.jobs.create(
      Buffer.from(`first,last,domain\n${person.firstName},${person.lastName},${person.domain}\n`),
      { fileName: 'people.csv' },
    );
    const final = await job.wait();
    assert.equal(final.status, 'Completed');
    assert.equal(final.kind, 'finder');
    const text = await (await job.download()).text();
    assert.match(text, new RegExp(person.email.replace('.', '\\.')));
    assert.ok((await client.finder.jobs.list()).items.some((j) => j.id === job.id));
  });
});

describe('credits', () => {
  test('balance, transactions and packages; the test balance resets; orders are live-only', async () => {
    const fresh = new Mailcheck({ apiKey: await testKey(svc), baseUrl: svc.url });
    assert.equal((await fresh.credits.balance()).available, 10_000, 'a test balance starts at 10,000');
    assert.deepEqual(await fresh.credits.resetTestBalance({ balance: 50 }), { balance: 50, held: 0, available: 50 });
    await fresh.verify(MAGIC.ok);
    for (let i = 0; (await fresh.credits.balance()).balance !== 49; i += 1) {
      assert.ok(i < 100, 'the balance read model shows the charge');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const transactions = await fresh.credits.transactions();
    assert.ok(
      transactions.items.some((t) => t.type === 'Adjusted'),
      'the reset is in the test history',
    );
    assert.ok(transactions.items.some((t) => t.type === 'Used'));
    assert.ok(Array.isArray((await fresh.credits.packages()).packages));
    // Orders are bought with real money: a test key is refused, saying so.
    await assert.rejects(fresh.credits.orders(), (e) => e instanceof AuthenticationError && e.code === 1117);
  });

  test('resetTestBalance() with no balance restores 10,000; a small one runs out with a typed 402', async () => {
    const fresh = new Mailcheck({ apiKey: await testKey(svc), baseUrl: svc.url });
    await fresh.credits.resetTestBalance({ balance: 1 });
    await assert.rejects(
      fresh.verifyBatch([MAGIC.ok, 'valid+2@acme.test']),
      (e) => e instanceof InsufficientCreditsError && e.code === 2001,
    );
    assert.deepEqual(await fresh.credits.resetTestBalance(), { balance: 10_000, held: 0, available: 10_000 });
    await assert.rejects(
      fresh.verify(MAGIC.insufficientCredits),
      (e) => e instanceof InsufficientCreditsError && e.code === 2001,
      'the magic 402 of docs/test-mode.md',
    );
    await assert.rejects(fresh.credits.resetTestBalance({ balance: -1 }), (e) => e.code === 2020 && e.status === 400);
  });

  test('resetTestBalance() with a live key is refused (403, 1118)', async () => {
    const live = new Mailcheck({ apiKey: svc.apiKey, baseUrl: svc.url });
    await assert.rejects(live.credits.resetTestBalance(), (e) => e instanceof AuthenticationError && e.code === 1118);
  });
});

describe('webhooks', () => {
  test('create, list, update, toggle, rotate-secret, deliveries and remove', async () => {
    // Owners and admins manage webhooks: the service's team owner's test key.
    const client = new Mailcheck({ apiKey: svc.testApiKey, baseUrl: svc.url });
    const created = await client.webhooks.create({ url: 'https://127.0.0.1:9/hook', events: ['job.completed'] });
    assert.match(created.secret, /^whsec_/);
    assert.ok((await client.webhooks.list()).some((w) => w.id === created.id));
    const updated = await client.webhooks.update(created.id, { events: [1, 2] });
    assert.deepEqual(updated.eventNames, ['job.completed', 'job.failed']);
    assert.equal((await client.webhooks.toggle(created.id, false)).isActive, false);
    assert.equal((await client.webhooks.toggle(created.id)).isActive, true);
    const rotated = await client.webhooks.rotateSecret(created.id);
    assert.notEqual(rotated.secret, created.secret);
    const tested = await client.webhooks.test(created.id);
    assert.equal(tested.success, false);
    assert.equal((await client.webhooks.deliveries(created.id)).items.length, 1);
    assert.deepEqual(await client.webhooks.remove(created.id), { id: created.id, deleted: true });
    await assert.rejects(client.webhooks.remove(created.id), (e) => e instanceof NotFoundError && e.code === 4001);
    await assert.rejects(
      client.webhooks.create({ url: 'http://example.com/hook', events: [1] }),
      (e) => e.code === 4002,
    );
  });
});

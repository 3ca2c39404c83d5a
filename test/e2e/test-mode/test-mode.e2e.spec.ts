import { createHmac } from 'node:crypto';
import { QueryBus } from '@nestjs/cqrs';
import { eventually, present } from '@lib/common/testing';
import { ListLedgerAccountsQuery } from '@lib/ledger';
import { ReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, type UsageFactDoc } from '@lib/usage/testing';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { accept } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';
import { followStream, parseCsv, uploadJob } from '../jobs/jobs-world';
import { signedInUser } from '../dashboard/dashboard-users';
import { answer, keyWith } from '../keys/scoped-keys';

// Issue 38, test mode: a test key answers from the magic tables through the real pipelines, on its own
// balance, and never reaches a mail or DNS server: acme.test has a real MX on the loopback peers, which count
// every connection and question (a live key's call at the end shows they would have seen one).
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('test mode', () => {
  let peers: MailPeers;
  let receiver: HttpsReceiver;
  let app: TestApp;
  let accountId: string;
  let live: string;
  let test: string;

  beforeAll(async () => {
    peers = await startMailPeers({ 'acme.test': { default: accept() } }, { env: { JOB_CHUNK_SIZE: '2' } });
    receiver = await HttpsReceiver.start();
    app = await startTestApp({ ...peers.env, WEBHOOK_CA_FILE: receiver.caFile });
    ({ accountId, apiKey: live } = await app.createAccount(1000));
    test = (await keyWith(app, accountId, { kind: 'test' })).apiKey;
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await peers?.close();
  });

  const untouchedPeers = () => {
    expect(peers.smtp.stats.sessions).toBe(0);
    expect(peers.dns.queries.size).toBe(0);
  };
  const testBalance = async () => (await app.request('GET', '/v1/credits/balance', { key: test })).body.data;

  describe('single and batch verify', () => {
    it('answers each magic address from the table, charging the test balance only', async () => {
      const single = await app.request('POST', '/v1/verify/single', { key: test, body: { email: 'valid@acme.test' } });
      expect(single.status).toBe(200);
      expect(single.body.data).toMatchObject({
        result: 'ok',
        subResult: 'ok',
        creditsCharged: 1,
        creditsRemaining: 9999,
      });
      const batch = await app.request('POST', '/v1/verify/batch', {
        key: test,
        body: { emails: ['catch_all@acme.test', 'greylisted@acme.test', 'no-mailbox@gmial.com', 'jane@acme.test'] },
      });
      expect(batch.status).toBe(200);
      expect(batch.body.data.results).toMatchObject([
        { result: 'catch_all', subResult: 'catch_all', retryAfterMs: null },
        { result: 'unknown', subResult: 'greylisted', retryAfterMs: 60_000, creditsCharged: 0 },
        { result: 'invalid', subResult: 'no_mailbox', didYouMean: 'no-mailbox@gmail.com' },
        { result: 'unknown', subResult: 'cannot_verify' },
      ]);
      untouchedPeers();
    });

    it('answers the error rows with their status and code, charging nothing', async () => {
      const before = await eventuallyAvailable();
      for (const [email, status, code] of [
        ['insufficient-balance@acme.test', 402, 2001],
        ['too-many-requests@acme.test', 429, 1201],
        ['service-unavailable@acme.test', 503, 1008],
      ] as const) {
        const res = await app.request('POST', '/v1/verify/single', { key: test, body: { email } });
        expect(answer(res)).toEqual({ status, code });
      }
      const limited = await app.request('POST', '/v1/verify/single', {
        key: test,
        body: { email: 'too-many-requests@acme.test' },
      });
      expect(limited.headers.get('retry-after')).toBe('1');
      expect((await eventuallyAvailable(before)) === before).toBe(true);
      untouchedPeers();
    });

    it('takes its time on slow@', async () => {
      const started = Date.now();
      const res = await app.request('POST', '/v1/verify/single', { key: test, body: { email: 'slow@acme.test' } });
      expect(res.body.data).toMatchObject({ result: 'ok' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    });
  });

  async function eventuallyAvailable(expected?: number): Promise<number> {
    return eventually(
      async () => {
        const balance = await testBalance();
        if (expected !== undefined) expect(balance.available).toBe(expected);
        return present(balance.held === 0 && balance.available, 'no test credits held');
      },
      { timeoutMs: 5_000, intervalMs: 50 },
    );
  }

  describe('a bulk job with a webhook', () => {
    it('runs through the job pipeline: progress, SSE, filtered download and a signed livemode:false webhook', async () => {
      // The team owner's test key from the dashboard (owners manage webhooks).
      const { browser } = await signedInUser(app);
      const owned = await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'sandbox', kind: 'test' } });
      expect(owned.status).toBe(201);
      const test = owned.body.data.apiKey as string;
      const registered = await app.request('POST', '/v1/webhooks', {
        key: test,
        body: { url: receiver.url('/test'), events: [1] },
      });
      expect(registered.status).toBe(201);
      const hook = registered.body.data;
      const csv =
        'email\nvalid@acme.test\ninvalid@acme.test\ncatch-all@acme.test\ndisposable@acme.test\nerror@acme.test\n';
      const created = await uploadJob(app, test, csv);
      expect(created.status).toBe(201);
      const jobId = created.body.data.id;
      const { events } = await followStream(app, test, jobId);
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'Completed' } });
      const download = await app.request('GET', `/v1/jobs/${jobId}/download?format=simple&results=ok,catch_all`, {
        key: test,
      });
      expect(download.status).toBe(200);
      expect((await parseCsv(download.text)).slice(1).map((row) => row[0])).toEqual([
        'valid@acme.test',
        'catch-all@acme.test',
      ]);
      const [delivery] = await receiver.waitFor('/test', 1);
      expect(delivery.headers['x-svc-signature']).toBe(hmac(hook.secret, delivery.body));
      expect(JSON.parse(delivery.body)).toMatchObject({
        type: 'job.completed',
        livemode: false,
        data: { jobId, summary: { status: 'Completed', creditsCharged: 4 } },
      });
      // The job is the test account's: the live key does not see it.
      expect((await app.request('GET', `/v1/jobs/${jobId}`, { key: live })).status).toBe(404);
      untouchedPeers();
    });
  });

  describe('the finder', () => {
    it('answers single and batch lookups from the magic domains', async () => {
      const single = await app.request('POST', '/v1/finder', {
        key: test,
        body: { firstName: 'Ada', lastName: 'Lovelace', domain: 'found.acme.test' },
      });
      expect(single.body.data).toMatchObject({
        email: 'ada.lovelace@found.acme.test',
        status: 'Found',
        reason: 'found',
      });
      const batch = await app.request('POST', '/v1/finder/batch', {
        key: test,
        body: {
          contacts: [
            { firstName: 'Ada', lastName: 'Lovelace', domain: 'catch-all.acme.test' },
            { firstName: 'Ada', lastName: 'Lovelace', domain: 'not-found.acme.test' },
          ],
        },
      });
      expect(batch.status).toBe(200);
      expect(JSON.stringify(batch.body.data)).toContain('catch_all');
      expect(JSON.stringify(batch.body.data)).toContain('not_found');
      untouchedPeers();
    });

    it('runs a finder job from the magic domains', async () => {
      const form = new FormData();
      form.append(
        'file',
        new Blob(['First Name,Last Name,Company Domain\nAda,Lovelace,found.acme.test\nAlan,Turing,acme.test\n']),
        'contacts.csv',
      );
      const created = await fetch(`${app.url}/v1/finder/jobs`, {
        method: 'POST',
        headers: { 'x-api-key': test },
        body: form,
      });
      const jobId = ((await created.json()) as any).data.id;
      const job = await eventually(
        async () => {
          const { data } = (await app.request('GET', `/v1/finder/jobs/${jobId}`, { key: test })).body;
          return present(data.status === 'Completed' && data, 'the finder job to complete');
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      expect(job).toMatchObject({ results: { found: 1, notFound: 1 }, creditsCharged: 10 });
      untouchedPeers();
    });
  });

  describe('the test balance', () => {
    it('reads its starting balance wherever it is read before first use', async () => {
      const { accountId: fresh } = await app.createAccount(0);
      const unused = (await keyWith(app, fresh, { kind: 'test' })).apiKey;
      // Only invalid contacts: nothing is held, so creditsRemaining is read from the ledger as it stands.
      const batch = await app.request('POST', '/v1/finder/batch', {
        key: unused,
        body: { contacts: [{ firstName: 'Ada' }] },
      });
      expect(batch.status).toBe(200);
      expect(batch.body.data.summary).toMatchObject({ errors: 1, creditsCharged: 0, creditsRemaining: 10_000 });
      const balance = (await app.request('GET', '/v1/credits/balance', { key: unused })).body.data;
      expect(balance).toMatchObject({ balance: 10_000, available: 10_000 });
    });

    it('resets to the starting amount or any amount, with test keys only', async () => {
      const reset = await app.request('POST', '/v1/credits/test-balance/reset', { key: test, body: { balance: 3 } });
      expect(reset.body.data).toEqual({ balance: 3, held: 0, available: 3 });
      const short = await app.request('POST', '/v1/verify/batch', {
        key: test,
        body: { emails: ['valid+1@acme.test', 'valid+2@acme.test', 'valid+3@acme.test', 'valid+4@acme.test'] },
      });
      expect(answer(short)).toEqual({ status: 402, code: 2001 });
      const back = await app.request('POST', '/v1/credits/test-balance/reset', { key: test });
      expect(back.body.data).toMatchObject({ available: 10_000 });
      expect(answer(await app.request('POST', '/v1/credits/test-balance/reset', { key: live }))).toEqual({
        status: 403,
        code: 1118,
      });
      expect(
        answer(await app.request('POST', '/v1/credits/test-balance/reset', { key: test, body: { balance: -1 } })),
      ).toEqual({ status: 400, code: 2020 });
      const history = (await app.request('GET', '/v1/credits/transactions', { key: test })).body.data;
      expect(JSON.stringify(history)).toContain('test balance reset');
    });
  });

  describe('live-only routes', () => {
    it('refuse a test key with 403 1117, naming the route and why', async () => {
      const res = await app.request('GET', '/v1/credits/orders', { key: test });
      expect(answer(res)).toEqual({ status: 403, code: 1117 });
      expect(res.body.error.keyKind).toBe('test');
      expect(res.body.error.message).toContain('GET /v1/credits/orders');
      expect(res.body.error.message).toContain('real money');
    });
  });

  describe('the live side', () => {
    it('keeps its balance, usage and ledger audit free of test activity, and still probes for real', async () => {
      const liveCall = await app.request('POST', '/v1/verify/single', {
        key: live,
        body: { email: 'someone@acme.test' },
      });
      expect(liveCall.status).toBe(200);
      expect(peers.smtp.stats.sessions).toBeGreaterThan(0);
      // The balance read model follows the call's settle a moment later.
      await eventually(async () => {
        const balance = (await app.request('GET', '/v1/credits/balance', { key: live })).body.data;
        expect(balance.balance).toBe(1000 - liveCall.body.data.creditsCharged);
      });
      const facts = app.running.app.get(ReadStore).collection<UsageFactDoc>(USAGE_FACTS_COLLECTION);
      await eventually(async () => expect((await facts.find({ filter: { accountId } })).length).toBe(1), {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      expect(await facts.find({ filter: { accountId: `test_${accountId}` } })).toEqual([]);
      const audited: string[] = await app.running.app.get(QueryBus).execute(new ListLedgerAccountsQuery());
      expect(audited).toContain(accountId);
      expect(audited.filter((id) => id.startsWith('test_'))).toEqual([]);
    });
  });
});

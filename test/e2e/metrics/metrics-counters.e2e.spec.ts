import { eventually, present } from '@lib/common/testing';
import { parseExposition, delta, Sample, sumOf } from '../../support/prometheus-text';
import { uploadJob } from '../jobs/jobs-world';
import { METRICS_TOKEN, MetricsWorld, startMetricsWorld } from './metrics-world';

const JOB_CSV = ['email', 'dave@acme.test', 'eve@acme.test', 'other@catchall.test', 'stuck@acme.test'].join('\n');

describe('Prometheus metrics of the all-in-one process', () => {
  let world: MetricsWorld;
  let before: Sample[];
  let after: Sample[];
  let text: string;
  let account: { accountId: string; apiKey: string };
  let jobId: number;

  const samples = async () => {
    const scrape = await world.scrape();
    expect(scrape.status).toBe(200);
    return { text: scrape.text, samples: parseExposition(scrape.text) };
  };

  beforeAll(async () => {
    world = await startMetricsWorld();
    before = (await samples()).samples;
    account = await world.app.createAccount(100);
    const key = account.apiKey;
    const hook = await world.app.request('POST', '/v1/webhooks', {
      key,
      body: { url: world.receiver.url('/done'), events: [1] },
    });
    expect(hook.status).toBe(201);
    for (const email of ['alice@acme.test', 'bob@acme.test', 'slow@acme.test']) {
      expect((await world.app.request('POST', '/v1/verify/single', { key, body: { email } })).status).toBe(200);
    }
    const batch = await world.app.request('POST', '/v1/verify/batch', {
      key,
      body: { emails: ['someone@catchall.test', 'someone@blocked.test', 'someone@mailinator.com'] },
    });
    expect(batch.body.data.results.map((r: { result: string }) => r.result)).toEqual([
      'catch_all',
      'unknown',
      'disposable',
    ]);
    expect((await world.app.request('GET', '/v1/no-such-route', { key })).status).toBe(404);
    const upload = await uploadJob(world.app, key, JOB_CSV);
    expect(upload.status).toBe(201);
    jobId = upload.body.data.id;
    await eventually(
      async () =>
        present(
          (await world.app.request('GET', `/v1/jobs/${jobId}`, { key })).body.data.status === 'Completed',
          'the job to complete',
        ),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    await world.receiver.waitFor('/done', 1);
    // The delivery's success is appended just after the receiver answered, and the last retry chunk settles
    // its hold and is committed just after the job completed: wait for both before taking the final scrape.
    await eventually(
      async () => {
        const now = (await samples()).samples;
        return present(
          sumOf(now, 'mailcheck_webhook_deliveries_total', { outcome: 'delivered' }) === 1 &&
            sumOf(now, 'mailcheck_bus_messages_consumed_total', { group: 'job-chunk-retries' }) === 2,
          'the delivery and the last chunk to be recorded',
        );
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    ({ text, samples: after } = await samples());
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  const moved = (name: string, labels: Record<string, string> = {}) => delta(before, after, name, labels);

  describe('verification', () => {
    it('counts interactive verdicts by result and subResult', () => {
      const interactive = { mode: 'interactive' };
      expect(moved('mailcheck_verification_verdicts_total', { ...interactive, result: 'ok', sub_result: 'ok' })).toBe(
        2,
      );
      expect(
        moved('mailcheck_verification_verdicts_total', { ...interactive, result: 'invalid', sub_result: 'no_mailbox' }),
      ).toBe(1);
      expect(moved('mailcheck_verification_verdicts_total', { ...interactive, result: 'catch_all' })).toBe(1);
      expect(moved('mailcheck_verification_verdicts_total', { ...interactive, result: 'unknown' })).toBe(1);
      expect(
        moved('mailcheck_verification_verdicts_total', {
          ...interactive,
          result: 'disposable',
          sub_result: 'disposable',
        }),
      ).toBe(1);
      expect(moved('mailcheck_verification_verdicts_total', interactive)).toBe(6);
    });

    it('counts bulk verdicts, including each greylisted pass of the stuck address', () => {
      const bulk = { mode: 'bulk' };
      expect(moved('mailcheck_verification_verdicts_total', { ...bulk, result: 'ok' })).toBe(1);
      expect(moved('mailcheck_verification_verdicts_total', { ...bulk, result: 'invalid' })).toBe(1);
      expect(moved('mailcheck_verification_verdicts_total', { ...bulk, result: 'catch_all' })).toBe(1);
      expect(
        moved('mailcheck_verification_verdicts_total', { ...bulk, result: 'unknown', sub_result: 'greylisted' }),
      ).toBe(3);
    });

    it('counts greylist retries: one interactive wait, and two job retry passes of one address', () => {
      expect(moved('mailcheck_verification_greylist_retries_total', { mode: 'interactive' })).toBe(1);
      expect(moved('mailcheck_verification_greylist_retries_total', { mode: 'bulk' })).toBe(2);
      expect(moved('mailcheck_job_chunk_retries_total')).toBe(2);
    });

    it('times SMTP probes by outcome and counts sessions opened and reused', () => {
      expect(moved('mailcheck_smtp_probe_duration_seconds_count', { outcome: 'accepted' })).toBeGreaterThanOrEqual(4);
      expect(moved('mailcheck_smtp_probe_duration_seconds_count', { outcome: 'no_mailbox' })).toBeGreaterThanOrEqual(2);
      expect(moved('mailcheck_smtp_probe_duration_seconds_count', { outcome: 'greylisted' })).toBeGreaterThanOrEqual(4);
      expect(moved('mailcheck_smtp_probes_total', { outcome: 'accepted', provider: 'other' })).toBe(
        moved('mailcheck_smtp_probe_duration_seconds_count', { outcome: 'accepted' }),
      );
      const opened = moved('mailcheck_smtp_sessions_opened_total', { provider: 'other' });
      expect(opened).toBeGreaterThan(0);
      expect(opened).toBeLessThanOrEqual(world.smtp.stats.sessions);
      // The catch-all probe after a real address, and later passes on the same MX, take the parked session.
      expect(moved('mailcheck_smtp_sessions_reused_total', { provider: 'other' })).toBeGreaterThan(0);
    });
  });

  describe('stores', () => {
    it('counts appends (calls) apart from the events they carry', () => {
      const appends = moved('mailcheck_event_appends_total');
      expect(appends).toBeGreaterThan(0);
      // A job's chunk records its results and its charge together, so some appends carry several events.
      expect(moved('mailcheck_events_appended_total')).toBeGreaterThan(appends);
    });

    it("counts the read store's operations by collection, and the documents of a chunk's result inserts", () => {
      expect(
        moved('mailcheck_read_store_operations_total', { collection: 'api_keys', operation: 'get' }),
      ).toBeGreaterThan(0);
      // The projection runner writes a batch of events at once: chunks applied together share one insert.
      const inserts = moved('mailcheck_read_store_operations_total', {
        collection: 'job_results',
        operation: 'insertNew',
      });
      expect(inserts).toBeGreaterThan(0);
      expect(inserts).toBeLessThanOrEqual(moved('mailcheck_job_chunks_completed_total'));
      // Each of the four addresses ends with one result document (the stuck one after its retries).
      expect(
        moved('mailcheck_read_store_batch_documents_total', { collection: 'job_results', operation: 'insertNew' }),
      ).toBe(4);
    });
  });

  describe('credits', () => {
    it('counts holds, settlements, credits charged and releases by purpose', () => {
      expect(moved('mailcheck_credit_holds_total', { purpose: 'verification' })).toBe(3);
      expect(moved('mailcheck_credit_holds_total', { purpose: 'batch' })).toBe(1);
      expect(moved('mailcheck_credit_holds_total', { purpose: 'job_chunk' })).toBe(3);
      expect(moved('mailcheck_credit_settlements_total', { purpose: 'verification' })).toBe(3);
      expect(moved('mailcheck_credits_charged_total', { purpose: 'verification' })).toBe(3);
      // catch_all and disposable cost a credit each, unknown is free.
      expect(moved('mailcheck_credits_charged_total', { purpose: 'batch' })).toBe(2);
      // The first pass charges ok, invalid and catch_all; the two retry passes end unknown and release their holds.
      expect(moved('mailcheck_credits_charged_total', { purpose: 'job_chunk' })).toBe(3);
      expect(moved('mailcheck_credit_releases_total', { reason: 'nothing_to_charge' })).toBe(2);
    });
  });

  describe('jobs and webhooks', () => {
    it('counts rows by result, chunks and the job by its terminal status', () => {
      expect(moved('mailcheck_job_rows_total', { result: 'ok' })).toBe(1);
      expect(moved('mailcheck_job_rows_total', { result: 'invalid' })).toBe(1);
      expect(moved('mailcheck_job_rows_total', { result: 'catch_all' })).toBe(1);
      expect(moved('mailcheck_job_rows_total', { result: 'unknown' })).toBe(1);
      expect(moved('mailcheck_job_chunks_completed_total', { kind: 'verification' })).toBe(3);
      expect(moved('mailcheck_jobs_ended_total', { kind: 'verification', status: 'completed' })).toBe(1);
    });

    it('counts the job.completed delivery and times its attempt', () => {
      expect(moved('mailcheck_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
      expect(moved('mailcheck_webhook_deliveries_total', { outcome: 'gave_up' })).toBe(0);
      expect(moved('mailcheck_webhook_delivery_duration_seconds_count', { status_class: '2xx' })).toBe(1);
    });
  });

  describe('messaging and projections', () => {
    it('counts consumed messages per topic and group, with nothing dead-lettered', () => {
      expect(moved('mailcheck_bus_messages_consumed_total', { topic: 'jobs.chunks', group: 'job-chunks' })).toBe(1);
      expect(moved('mailcheck_bus_messages_consumed_total', { group: 'job-chunk-retries' })).toBe(2);
      expect(moved('mailcheck_bus_dead_letters_total')).toBe(0);
    });

    it('shows the projections and the relay caught up', async () => {
      await eventually(
        async () => {
          const now = (await samples()).samples;
          return present(
            now.some((s) => s.name === 'mailcheck_projection_lag_events' && s.labels.subscriber === 'relay') &&
              sumOf(now, 'mailcheck_projection_lag_events') === 0,
            'the projector to catch up',
          );
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
    });
  });

  describe('HTTP requests', () => {
    it('are labelled by route template, never by the URL', () => {
      const series = after.filter((s) => s.name === 'mailcheck_http_request_duration_seconds_count');
      expect(
        moved('mailcheck_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/v1/verify/single',
          status_class: '2xx',
        }),
      ).toBe(3);
      expect(
        sumOf(after, 'mailcheck_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/v1/jobs/:id',
          status_class: '2xx',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sumOf(after, 'mailcheck_http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        series
          .map((s) => s.labels.route)
          .filter((route) => route.includes(String(jobId)) || route.includes('no-such-route')),
      ).toEqual([]);
    });

    it('never count the scrapes themselves', () => {
      expect(after.filter((s) => s.labels.route === '/metrics')).toEqual([]);
    });
  });

  describe('the exposition', () => {
    it('includes the default process metrics', () => {
      for (const name of [
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'nodejs_eventloop_lag_p99_seconds',
      ]) {
        expect(after.some((s) => s.name === name)).toBe(true);
      }
    });

    it('names no address, domain, account, key or job anywhere', () => {
      for (const secret of [
        'acme.test',
        'catchall.test',
        'blocked.test',
        'mailinator',
        '@',
        account.accountId,
        account.apiKey,
        String(jobId),
      ]) {
        expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
      }
    });
  });

  describe('access', () => {
    it('refuses a scrape without the token, or with an API key instead, in plain text', async () => {
      for (const authorization of [
        '',
        'Bearer wrong-token-0123456789',
        `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`,
      ]) {
        const refused = await world.scrape(authorization);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(refused.text).not.toContain('mailcheck_');
        expect(() => JSON.parse(refused.text)).toThrow();
      }
      const withKey = await fetch(`${world.app.url}/metrics`, { headers: { 'x-api-key': account.apiKey } });
      expect(withKey.status).toBe(401);
    });

    it('answers the exposition outside the envelope, the API-key auth and the rate limiter', async () => {
      const scrape = await world.scrape();
      expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(scrape.headers.get('ratelimit-limit')).toBeNull();
      expect(scrape.text.startsWith('{')).toBe(false);
      expect(scrape.text).toContain('# TYPE mailcheck_verification_verdicts_total counter');
    });

    it('is not part of the documented API', async () => {
      const openapi = await world.app.request('GET', '/docs-json');
      expect(Object.keys(openapi.body.paths)).not.toContain('/metrics');
    });
  });
});

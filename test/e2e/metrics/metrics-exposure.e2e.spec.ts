import { parseExposition } from '../../support/prometheus-text';
import { startTestApp, TestApp } from '../../support/test-app';

describe('where /metrics is served', () => {
  describe('by default', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp();
    });
    afterAll(async () => {
      await app?.close();
    });

    it('is not served at all: the public port answers like any unknown route', async () => {
      expect(app.running.metricsUrl).toBeNull();
      const res = await app.request('GET', '/metrics');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(1001);
      expect(res.text).not.toContain('mailcheck_');
    });
  });

  describe('with METRICS_PORT', () => {
    const token = 'own-port-token-0123456789';
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', METRICS_TOKEN: token });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('serves the exposition on a listener of its own', async () => {
      expect(app.running.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(new URL(app.running.metricsUrl!).port).not.toBe(new URL(app.url).port);
      const res = await fetch(app.running.metricsUrl!, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseExposition(await res.text());
      expect(samples.some((s) => s.name === 'process_cpu_seconds_total')).toBe(true);
      expect(samples.some((s) => s.name === 'mailcheck_job_chunk_retries_total')).toBe(true);
    });

    it('still wants the token there when one is set', async () => {
      const res = await fetch(app.running.metricsUrl!);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('mailcheck_');
    });

    it('serves nothing else on that listener', async () => {
      const base = app.running.metricsUrl!.replace(/\/metrics$/, '');
      for (const path of ['/', '/health', '/v1/credits/packages', '/metrics/x']) {
        expect((await fetch(base + path, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      }
      expect(
        (await fetch(app.running.metricsUrl!, { method: 'POST', headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(405);
    });

    it('is not served on the public port, even with the token', async () => {
      const res = await app.request('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('mailcheck_');
    });
  });

  describe('by a process without the api role (worker and projector)', () => {
    const token = 'worker-token-0123456789ab';
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ APP_ROLES: 'worker,projector', METRICS_TOKEN: token });
    });
    afterAll(async () => {
      await app?.close();
    });

    it('serves /metrics on its PORT beside /health and /ready, behind the token', async () => {
      expect(app.running.metricsUrl).toBe(`${app.url}/metrics`);
      expect((await app.request('GET', '/metrics')).status).toBe(401);
      const res = await app.request('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const samples = parseExposition(res.text);
      expect(
        samples
          .filter((s) => s.name === 'mailcheck_projection_lag_events')
          .map((s) => s.labels.subscriber)
          .sort(),
      ).toEqual(['projections', 'relay']);
      expect((await app.request('GET', '/health')).body).toEqual({
        status: 'success',
        data: { status: 'ok' },
        error: null,
      });
    });
  });
});

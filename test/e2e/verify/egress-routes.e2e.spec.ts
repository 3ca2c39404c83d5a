import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { parseExposition, sumOf } from '../../support/prometheus-text';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { accept, SmtpPeer, startSmtpPeer } from '../../support/peers/smtp-peer';
import { capturingLog } from '../../support/capturing-log';

const PASSWORD = 'pr0xy-s3cret';
const METRICS_TOKEN = 'egress-metrics-token-0123456789';
const LISTED = '127.0.0.31';
const CLEAN = '127.0.0.32';

/**
 * The service started with egress routes as an operator writes them: a SOCKS5 proxy that is down, a direct
 * route from an address the MX lists by reputation and a clean one. Answers come through the clean route,
 * charged as usual; the broken routes are reported, their password never shown.
 */
describe('the service with egress routes (SMTP_ROUTES)', () => {
  let dns: DnsPeer;
  let smtp: SmtpPeer;
  let app: TestApp;
  let apiKey: string;
  let log: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpPeer({
      blockedClients: [LISTED],
      domains: { 'shop.test': { recipients: { ann: accept() } } },
    });
    dns = await startDnsPeer({
      'shop.test': { mx: [{ exchange: 'mx.shop.test', priority: 10 }] },
      'mx.shop.test': { a: ['127.0.0.1'] },
      'only-proxy.test': { mx: [{ exchange: 'mx.shop.test', priority: 10 }] },
    });
    const routes = {
      routes: [
        { name: 'proxy', type: 'socks5', proxy: `socks5://verifier:${PASSWORD}@127.0.0.1:9`, proxyTimeoutMs: 500 },
        { name: 'listed', localAddress: LISTED },
        { name: 'clean', localAddress: CLEAN },
      ],
      rules: [{ recipientDomain: 'only-proxy.test', routes: ['proxy'] }],
      default: ['proxy', 'listed', 'clean'],
    };
    log = await capturingLog(async () => {
      app = await startTestApp({
        LOG_LEVEL: 'info',
        DNS_SERVERS: dns.server,
        SMTP_PROBE_PORT: String(smtp.port),
        SMTP_ROUTES: JSON.stringify(routes),
        METRICS_TOKEN,
      });
      apiKey = (await app.createAccount(10)).apiKey;
    });
  }, 30_000);

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await dns?.close();
  });

  it('answers through the route left, charged as any decided result, and names it in the evidence', async () => {
    let body: any;
    log.push(
      ...(await capturingLog(async () => {
        ({ body } = await app.request('POST', '/v1/verify/batch', {
          key: apiKey,
          body: { emails: ['ann@shop.test', 'nobody@shop.test'], evidence: true },
        }));
      })),
    );
    expect(body.data.results.map((r: { result: string }) => r.result)).toEqual(['ok', 'invalid']);
    expect(body.data.results.map((r: { egressRoute: string }) => r.egressRoute)).toEqual(['clean', 'clean']);
    expect(body.data.results.map((r: { creditsCharged: number }) => r.creditsCharged)).toEqual([1, 1]);
  });

  it('answers unknown/no_route, free, when the only route of the pool is down', async () => {
    const { body } = await app.request('POST', '/v1/verify/single', {
      key: apiKey,
      body: { email: 'ann@only-proxy.test' },
    });
    expect(body.data).toMatchObject({ result: 'unknown', subResult: 'no_route', creditsCharged: 0 });
  });

  it('shows each route and its health in /ready and the admin view, the proxy password masked', async () => {
    const ready = await app.request('GET', '/ready');
    const admin = await app.request('GET', '/admin/v1/egress-routes', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(admin.status).toBe(200);
    for (const routes of [ready.body.data.egressRoutes, admin.body.data.routes]) {
      expect(routes.map((r: { name: string; state: string }) => [r.name, r.state])).toEqual([
        ['proxy', 'out'],
        ['listed', 'in_service'],
        ['clean', 'in_service'],
      ]);
      expect(routes[0].via).toBe('socks5://verifier:***@127.0.0.1:9');
      expect(routes[1].quarantines).toEqual([
        expect.objectContaining({ scope: 'mx:mx.shop.test', reason: 'ip_blocked', state: 'quarantined' }),
      ]);
    }
    expect(JSON.stringify([ready.body, admin.body])).not.toContain(PASSWORD);
  });

  it('counts per route in Prometheus: sessions, probes by outcome, quarantines, failovers and latency', async () => {
    const response = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const samples = parseExposition(await response.text());
    expect(sumOf(samples, 'mailcheck_egress_route_sessions_total', { route: 'clean' })).toBeGreaterThan(0);
    expect(
      sumOf(samples, 'mailcheck_egress_route_probes_total', { route: 'clean', outcome: 'accepted' }),
    ).toBeGreaterThan(0);
    expect(
      sumOf(samples, 'mailcheck_egress_route_probes_total', { route: 'listed', outcome: 'ip_blocked' }),
    ).toBeGreaterThan(0);
    expect(
      sumOf(samples, 'mailcheck_egress_route_quarantines_total', {
        route: 'proxy',
        scope: 'route',
        reason: 'proxy_unreachable',
      }),
    ).toBe(1);
    expect(sumOf(samples, 'mailcheck_egress_route_quarantines_total', { route: 'listed', reason: 'ip_blocked' })).toBe(
      1,
    );
    expect(sumOf(samples, 'mailcheck_egress_route_failovers_total', { route: 'listed' })).toBeGreaterThan(0);
    expect(sumOf(samples, 'mailcheck_egress_route_probe_duration_seconds_count', { route: 'clean' })).toBeGreaterThan(
      0,
    );
  });

  it('says in the log which route went out and why, never with the password', async () => {
    expect(log.filter((l) => l.includes(PASSWORD))).toEqual([]);
    expect(log.some((l) => l.includes('egress route \\"listed\\" out of service for mx mx.shop.test'))).toBe(true);
    expect(log.some((l) => l.includes('egress route \\"proxy\\" out of service everywhere'))).toBe(true);
  });

  it('refuses to start with a routes document naming an unknown route (exit 78, the route and the field named)', async () => {
    await expect(
      startTestApp({
        SMTP_ROUTES: JSON.stringify({ routes: [{ name: 'a' }], rules: [{ provider: 'google', routes: ['b'] }] }),
      }),
    ).rejects.toThrow(/SMTP_ROUTES rule 1: unknown route "b"/);
  });
});

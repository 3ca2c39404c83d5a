import { eventually } from '@lib/common/testing';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { accept, SmtpPeer, startSmtpPeer } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * With DNS_SERVERS set, every name the process looks up goes to those servers: here a loopback DNS
 * server that alone knows the *.lab.test names (the system resolver has never heard of them).
 */
describe('DNS_SERVERS is the resolver for the whole process', () => {
  let dns: DnsPeer;
  let smtp: SmtpPeer;
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer({ domains: { 'lab.test': { recipients: { ann: accept() } } } });
    dns = await startDnsPeer({
      'preflight.lab.test': { a: ['127.0.0.1'] },
      'lab.test': { mx: [{ exchange: 'mx.lab.test', priority: 10 }] },
      'mx.lab.test': { a: ['127.0.0.1'] },
      'hooks.lab.test': { a: ['127.0.0.1'] },
    });
    app = await startTestApp({
      DNS_SERVERS: dns.server,
      SMTP_PROBE_PORT: String(smtp.port),
      PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_PREFLIGHT: 'true',
      SMTP_PREFLIGHT_HOST: 'preflight.lab.test',
    });
    apiKey = (await app.createAccount(10)).apiKey;
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await dns?.close();
  });

  it('runs the port-25 preflight against the host the configured server resolves, and /ready says open', async () => {
    const egress: { state: string; detail: string } = await eventually(
      async () => {
        const seen = (await app.request('GET', '/ready')).body.data?.smtpEgress;
        expect(seen).toMatchObject({ state: 'open' });
        return seen;
      },
      { timeoutMs: 10_000, intervalMs: 25 },
    );
    expect(egress.detail).not.toContain('ENOTFOUND');
  });

  it('probes the MX the configured server names', async () => {
    const res = await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email: 'ann@lab.test' } });
    expect(res.body.data).toMatchObject({ result: 'ok', subResult: 'ok' });
  });

  it('checks webhook URLs with the configured server: a host only it knows is accepted', async () => {
    const res = await app.request('POST', '/v1/webhooks', {
      key: apiKey,
      body: { url: 'https://hooks.lab.test/in', events: [1] },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('success');
  });

  it('and a host it does not know is refused as not public (4003, as a private one is)', async () => {
    const res = await app.request('POST', '/v1/webhooks', {
      key: apiKey,
      body: { url: 'https://nowhere.lab.test/in', events: [1] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(4003);
  });
});

import { eventually, present } from '@lib/common/testing';
import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { accept, SmtpPeer, startSmtpPeer } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The most common reason a self-hosted verifier answers nothing but timeouts: the network blocks
 * outbound port 25. The app's preflight finds it (here: nothing listens where it connects), and from
 * then on addresses on public mail servers answer unknown/port_25_blocked at once and free, while a
 * lab MX on loopback is still probed.
 */
describe('verification on a network that blocks outbound port 25', () => {
  let dns: DnsPeer;
  let smtp: SmtpPeer;
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    smtp = await startSmtpPeer({ domains: { 'lab.test': { recipients: { ann: accept() } } } });
    dns = await startDnsPeer({
      // example.com's address stands in for any public MX: probing it here could only time out.
      'public.test': { mx: [{ exchange: 'mx.public.test', priority: 10 }] },
      'mx.public.test': { a: ['93.184.215.14'] },
      'lab.test': { mx: [{ exchange: 'mx.lab.test', priority: 10 }] },
      'mx.lab.test': { a: ['127.0.0.1'] },
    });
    app = await startTestApp({
      DNS_SERVERS: dns.server,
      SMTP_PROBE_PORT: String(smtp.port),
      PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_CONNECT_TIMEOUT_MS: '2000',
      SMTP_BANNER_TIMEOUT_MS: '2000',
      SMTP_COMMAND_TIMEOUT_MS: '2000',
      // The preflight connects where no server listens (the peer is on 127.0.0.1 only): refused, so blocked.
      SMTP_PREFLIGHT: 'true',
      SMTP_PREFLIGHT_HOST: '127.0.0.2',
    });
    apiKey = (await app.createAccount(10)).apiKey;
    await eventually(
      async () =>
        present(
          (await app.request('GET', '/ready')).body.data?.smtpEgress?.state === 'blocked',
          'the preflight to record a blocked port 25',
        ),
      { timeoutMs: 10_000, intervalMs: 25 },
    );
  }, 30_000);

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await dns?.close();
  });

  const verify = (email: string) => app.request('POST', '/v1/verify/single', { key: apiKey, body: { email } });

  it('says so on /ready, with what the check saw, without making the service unready', async () => {
    const res = await app.request('GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body.data.smtpEgress).toMatchObject({
      state: 'blocked',
      detail: expect.stringContaining('connect_refused'),
    });
  });

  it('answers an address on a public mail server unknown/port_25_blocked, free, without connecting', async () => {
    const sessions = smtp.stats.sessions;
    const res = await verify('someone@public.test');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      result: 'unknown',
      subResult: 'port_25_blocked',
      creditsCharged: 0,
      creditsRemaining: 10,
    });
    expect(smtp.stats.sessions).toBe(sessions);
  });

  it('still verifies an address whose MX is on loopback (a lab), charging it as usual', async () => {
    const res = await verify('ann@lab.test');
    expect(res.body.data).toMatchObject({ result: 'ok', subResult: 'ok', creditsCharged: 1 });
  });
});

import { DnsPeer, startDnsPeer, ZoneEntry } from '../peers/dns-peer';
import { accept, greylist, SmtpPeer, startSmtpPeer } from '../peers/smtp-peer';
import { startTestApp, TestApp } from '../support/test-app';

function mx(domain: string): Record<string, ZoneEntry> {
  return { [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }] }, [`mx.${domain}`]: { a: ['127.0.0.1'] } };
}

/** Labels that name the real obstacle, through the API against loopback DNS and SMTP peers. */
describe('verification labels through the API', () => {
  let dns: DnsPeer;
  let smtp: SmtpPeer;
  let app: TestApp;

  beforeAll(async () => {
    // gnail.com is a typo-squat on the disposable lists; grey.test greylists every address but ann.
    dns = await startDnsPeer({ ...mx('gnail.com'), ...mx('grey.test') });
    smtp = await startSmtpPeer({
      domains: {
        'gnail.com': { default: accept() },
        'grey.test': { default: greylist(1_000), recipients: { ann: accept() } },
      },
    });
    app = await startTestApp({
      DNS_SERVERS: dns.server,
      SMTP_PROBE_PORT: String(smtp.port),
      PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_CONNECT_TIMEOUT_MS: '1000',
      SMTP_BANNER_TIMEOUT_MS: '1000',
      SMTP_COMMAND_TIMEOUT_MS: '1000',
      GREYLIST_RETRY_DELAYS_MS: '100,200',
      VERIFY_INTERACTIVE_BUDGET_MS: '5000',
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await dns?.close();
  });

  const verify = async (email: string) => {
    const { apiKey } = await app.createAccount(5);
    return (await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email } })).body.data;
  };

  it('suggests gmail.com for jane.doe@gnail.com and keeps it disposable', async () => {
    expect(await verify('jane.doe@gnail.com')).toMatchObject({
      result: 'disposable',
      disposable: true,
      didYouMean: 'jane.doe@gmail.com',
      creditsCharged: 1,
    });
  });

  it('labels an accepted address whose catch-all probe stayed greylisted as greylisted, free', async () => {
    expect(await verify('ann@grey.test')).toMatchObject({
      result: 'unknown',
      subResult: 'greylisted',
      creditsCharged: 0,
    });
  });
});

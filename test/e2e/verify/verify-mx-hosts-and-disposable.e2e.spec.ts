import type { DomainScript } from '../../support/peers/smtp-peer';
import { accept } from '../../support/peers/smtp-peer';
import type { TestApp } from '../../support/test-app';
import { startVerifyWorld, VerifyWorld } from './verify-world';

const mailbox: DomainScript = {
  recipients: { ann: accept() },
  default: { kind: 'reply', code: 550, text: '5.1.1 <x>: Recipient address rejected: User unknown' },
};

/**
 * MX hosts that do not exist, cannot be resolved or are aliases, and throwaway mail behind other names,
 * through POST /v1/verify/single against the loopback DNS and SMTP peers.
 */
describe('verify single: MX hosts and disposable domains', () => {
  let world: VerifyWorld;
  let app: TestApp;

  beforeAll(async () => {
    world = await startVerifyWorld(
      {},
      {
        // Each of these gets an MX on 127.0.0.1 unless a zone below replaces it.
        domains: { 'aliased.dev': mailbox, 'acme.co.uk': mailbox, 'uni.edu.pl': mailbox },
        zones: {
          // The only MX host's name does not exist (NXDOMAIN), the domain does.
          'dangling.dev': { mx: [{ exchange: 'mx.gone.dangling.dev', priority: 10 }] },
          // DNS cannot answer for the MX host now.
          'servfail-host.dev': { mx: [{ exchange: 'mx.servfail-host.dev', priority: 10 }] },
          'mx.servfail-host.dev': { rcode: 'SERVFAIL' },
          // The MX target is an alias of the host that answers.
          'aliased.dev': { mx: [{ exchange: 'mx.aliased.dev', priority: 10 }] },
          'mx.aliased.dev': { cname: 'smtp.mailhost.dev' },
          'smtp.mailhost.dev': { a: ['127.0.0.1'] },
          // A listed throwaway provider, a subdomain of it with mail, and an unlisted domain on its MX.
          'mailinator.com': { mx: [{ exchange: 'mail.mailinator.com', priority: 10 }] },
          'mail.mailinator.com': { a: ['127.0.0.1'] },
          'inbox.mailinator.com': { mx: [{ exchange: 'mail.mailinator.com', priority: 10 }] },
          'burner-brand.dev': { mx: [{ exchange: 'mail.mailinator.com', priority: 10 }] },
        },
        // As an authoritative server for another zone answers: the alias alone, its target asked for apart.
        dns: { chaseCnames: false },
      },
    );
    app = world.app;
  });
  afterAll(() => world?.close());

  const verify = async (email: string) => {
    const { apiKey } = await app.createAccount(5);
    const res = await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email } });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('answers a domain whose MX host does not exist invalid/mx_host_not_found, charged, never probed', async () => {
    expect(await verify('ann@dangling.dev')).toMatchObject({
      result: 'invalid',
      resultCode: 6,
      subResult: 'mx_host_not_found',
      disposable: false,
      creditsCharged: 1,
    });
    expect(world.rcptsFor('ann@dangling.dev')).toBe(0);
  });

  it('keeps a SERVFAIL for the MX host unknown/dns_error and free', async () => {
    expect(await verify('ann@servfail-host.dev')).toMatchObject({
      result: 'unknown',
      subResult: 'dns_error',
      creditsCharged: 0,
    });
  });

  it('follows an MX target that is a CNAME and probes the host behind it', async () => {
    expect(await verify('ann@aliased.dev')).toMatchObject({ result: 'ok', subResult: 'ok', creditsCharged: 1 });
    expect(await verify('bob@aliased.dev')).toMatchObject({ result: 'invalid', subResult: 'no_mailbox' });
    expect(world.rcptsFor('ann@aliased.dev')).toBe(1);
  });

  it('flags a subdomain of a listed provider, with mail or without', async () => {
    expect(await verify('ann@inbox.mailinator.com')).toMatchObject({
      result: 'disposable',
      subResult: 'disposable',
      disposable: true,
      creditsCharged: 1,
    });
    expect(await verify('ann@x7-nowhere.mailinator.com')).toMatchObject({
      result: 'invalid',
      subResult: 'domain_not_found',
      disposable: true,
    });
  });

  it("answers an unlisted domain on a throwaway provider's MX disposable, without probing it", async () => {
    expect(await verify('ann@burner-brand.dev')).toMatchObject({
      result: 'disposable',
      resultCode: 5,
      disposable: true,
      quality: 'bad',
      creditsCharged: 1,
    });
    expect(world.rcptsFor('ann@burner-brand.dev')).toBe(0);
  });

  it.each(['ann@acme.co.uk', 'ann@uni.edu.pl'])(
    'never flags %s through the public suffix above it (edu.pl is on a list)',
    async (email) => {
      expect(await verify(email)).toMatchObject({ result: 'ok', disposable: false });
    },
  );
});

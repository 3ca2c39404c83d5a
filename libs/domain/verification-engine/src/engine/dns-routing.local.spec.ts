import { accept } from '../../../../../test/support/peers/smtp-peer';
import { VerificationEngine } from './verification-engine';
import { EngineWorld, loopbackConfig, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const zones = {
  ...mxZone('fallback.test', [
    ['mx1.fallback.test', 10, '127.0.0.5'],
    ['mx2.fallback.test', 20, '127.0.0.1'],
  ]),
  ...mxZone('order.test', [
    ['mxb.order.test', 20, '127.0.0.1'],
    ['mxa.order.test', 10, '127.0.0.6'],
  ]),
  ...mxZone('xn--bcher-kva.test', [['mx.xn--bcher-kva.test', 10, '127.0.0.1']]),
  ...mxZone('cached.test', [['mx.cached.test', 10, '127.0.0.1']], 120),
  'plain-a.test': { a: ['127.0.0.1'] },
  'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },
  'nomail.test': {},
  'broken.test': { rcode: 'SERVFAIL' as const },
  'silent.test': { dropQueries: true },
  // Loopback and the cloud metadata address spelt as IPv6 (IPv4-mapped, NAT64, 6to4, Teredo).
  'v6spelt.test': { mx: [{ exchange: 'mx.v6spelt.test', priority: 10 }] },
  'mx.v6spelt.test': {
    aaaa: ['::ffff:127.0.0.1', '64:ff9b::7f00:1', '::ffff:a9fe:a9fe', '2002:7f00:1::1', '2001:0:a00:1::1'],
  },
  ...mxZone('mailinator.com', [['mail.mailinator.com', 10, '127.0.0.1']]),
};

const script = {
  listen: ['127.0.0.1', '127.0.0.6'],
  default: accept(),
  domains: Object.fromEntries(
    ['fallback.test', 'order.test', 'xn--bcher-kva.test', 'cached.test', 'plain-a.test'].map((d) => [
      d,
      { recipients: { ann: accept() }, default: { kind: 'reply' as const, code: 550, text: '5.1.1 User unknown' } },
    ]),
  ),
};

describe('verification engine mail routing against a DNS server', () => {
  let h: EngineWorld;
  beforeAll(async () => {
    h = await startEngineWorld(zones, script);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('tries the MX with the lowest preference value first', async () => {
    expect((await h.engine.verify('ann@order.test')).result).toBe('ok');
    expect(h.smtp.stats.rcpts.find((r) => r.address === 'ann@order.test')?.via).toBe('127.0.0.6');
  });

  it('falls back to the second MX when the first refuses connections', async () => {
    const verdict = await h.engine.verify('ann@fallback.test');
    expect(verdict.result).toBe('ok');
    expect(verdict.smtp?.mxHost).toBe('mx2.fallback.test');
  });

  it('delivers to the domain A record when there is no MX (RFC 5321 5.1)', async () => {
    expect(await h.engine.verify('ann@plain-a.test')).toMatchObject({ result: 'ok', smtp: { mxHost: 'plain-a.test' } });
  });

  it('answers invalid/null_mx for a null MX (RFC 7505) without connecting', async () => {
    expect(await h.engine.verify('ann@nullmx.test')).toMatchObject({ result: 'invalid', subResult: 'null_mx' });
  });

  it('answers invalid/domain_not_found for NXDOMAIN', async () => {
    // An ordinary name: an unknown name under the reserved .test answers reserved_domain (honest-labels spec).
    expect(await h.engine.verify('ann@missing-domain.dev')).toMatchObject({
      result: 'invalid',
      subResult: 'domain_not_found',
    });
  });

  it('answers invalid/no_mx when the domain has neither MX nor address records', async () => {
    expect(await h.engine.verify('ann@nomail.test')).toMatchObject({ result: 'invalid', subResult: 'no_mx' });
  });

  it('answers unknown/dns_error for SERVFAIL, never invalid', async () => {
    const verdict = await h.engine.verify('ann@broken.test');
    expect(verdict).toMatchObject({ result: 'unknown', subResult: 'dns_error' });
    expect(verdict.retryAfterMs).toBeGreaterThan(0);
  });

  it('answers unknown/dns_error when the DNS server does not answer', async () => {
    expect(await h.engine.verify('ann@silent.test')).toMatchObject({ result: 'unknown', subResult: 'dns_error' });
  });

  it('probes an IDN domain by its punycode form', async () => {
    const verdict = await h.engine.verify('ann@bücher.test');
    expect(verdict).toMatchObject({
      result: 'ok',
      domain: 'xn--bcher-kva.test',
      normalized: 'ann@xn--bcher-kva.test',
      email: 'ann@bücher.test',
    });
  });

  it('caches MX answers for their TTL', async () => {
    await h.engine.verify('ann@cached.test');
    await h.engine.verify('bob@cached.test');
    expect(h.dns.queries.get('cached.test MX')).toBe(1);
  });

  it('answers disposable for a listed domain without probing the mailbox', async () => {
    const before = h.smtp.stats.rcpts.length;
    expect(await h.engine.verify('someone@mailinator.com')).toMatchObject({
      result: 'disposable',
      resultCode: 5,
      disposable: true,
      quality: 'bad',
    });
    expect(h.smtp.stats.rcpts.length).toBe(before);
  });

  describe('when private networks are not allowed (the default)', () => {
    it('refuses an MX that resolves to a loopback address and never connects', async () => {
      const engine = new VerificationEngine(loopbackConfig(h.dns.server, h.smtp.port, { allowPrivateNetworks: false }));
      const sessions = h.smtp.stats.sessions;
      try {
        expect(await engine.verify('ann@order.test')).toMatchObject({
          result: 'unknown',
          subResult: 'private_mx_refused',
        });
        expect(h.smtp.stats.sessions).toBe(sessions);
      } finally {
        await engine.close();
      }
    });

    it('refuses an MX whose only addresses are internal IPv4 addresses spelt as IPv6, and never connects', async () => {
      const engine = new VerificationEngine(loopbackConfig(h.dns.server, h.smtp.port, { allowPrivateNetworks: false }));
      const sessions = h.smtp.stats.sessions;
      try {
        expect(await engine.verify('ann@v6spelt.test')).toMatchObject({
          result: 'unknown',
          subResult: 'private_mx_refused',
        });
        expect(h.smtp.stats.sessions).toBe(sessions);
      } finally {
        await engine.close();
      }
    });
  });
});

import { accept } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

const mailbox = {
  recipients: { ann: accept() },
  default: { kind: 'reply' as const, code: 550, text: '5.1.1 User unknown' },
};

const zones = {
  // The only MX host does not exist, though the domain does (it has its MX record).
  'dangling.dev': { mx: [{ exchange: 'mx.gone.dangling.dev', priority: 10 }] },
  'two-dangling.dev': {
    mx: [
      { exchange: 'mx1.gone.two-dangling.dev', priority: 10 },
      { exchange: 'mx2.gone.two-dangling.dev', priority: 20 },
    ],
  },
  // DNS cannot answer for the MX host now.
  'servfail-host.dev': { mx: [{ exchange: 'mx.servfail-host.dev', priority: 10 }] },
  'mx.servfail-host.dev': { rcode: 'SERVFAIL' as const },
  // One MX host does not exist, the other works: the first is skipped.
  'half.dev': {
    mx: [
      { exchange: 'mx1.gone.half.dev', priority: 10 },
      { exchange: 'mx2.half.dev', priority: 20 },
    ],
  },
  'mx2.half.dev': { a: ['127.0.0.1'] },
  // One host missing and one failing: nothing proves the mail can never arrive.
  'gone-and-broken.dev': {
    mx: [
      { exchange: 'mx1.gone.gone-and-broken.dev', priority: 10 },
      { exchange: 'mx.servfail-host.dev', priority: 20 },
    ],
  },
  // The MX target is an alias (RFC 5321 5.1 forbids it; MTAs follow it), two links long.
  'aliased.dev': { mx: [{ exchange: 'mx.aliased.dev', priority: 10 }] },
  'mx.aliased.dev': { cname: 'relay.aliased.dev' },
  'relay.aliased.dev': { cname: 'smtp.mailhost.dev' },
  'smtp.mailhost.dev': { a: ['127.0.0.1'] },
  // An alias that ends at a missing name is a host that does not exist.
  'alias-dangling.dev': { mx: [{ exchange: 'mx.alias-dangling.dev', priority: 10 }] },
  'mx.alias-dangling.dev': { cname: 'gone.alias-dangling.dev' },
  // An alias loop: a misconfiguration DNS servers answer with SERVFAIL; undecided, never invalid.
  'alias-loop.dev': { mx: [{ exchange: 'mx.alias-loop.dev', priority: 10 }] },
  'mx.alias-loop.dev': { cname: 'mx2.alias-loop.dev' },
  'mx2.alias-loop.dev': { cname: 'mx.alias-loop.dev' },
  ...mxZone('plain.dev', [['mx.plain.dev', 10, '127.0.0.1']]),
};

const script = {
  default: accept(),
  domains: Object.fromEntries(['half.dev', 'aliased.dev', 'plain.dev'].map((d) => [d, mailbox])),
};

describe.each([
  ['a resolver that chases CNAMEs', true],
  ['a server that answers one CNAME link at a time', false],
])('verification engine and MX hosts that do not exist, fail or are aliases, against %s', (_label, chaseCnames) => {
  let h: EngineWorld;
  beforeAll(async () => {
    h = await startEngineWorld(zones, script, {}, { chaseCnames });
  });
  afterAll(() => h.stop());

  const rcptsAt = (domain: string) => h.smtp.stats.rcpts.filter((r) => r.address.endsWith(`@${domain}`)).length;

  it.each(['ann@dangling.dev', 'ann@two-dangling.dev', 'ann@alias-dangling.dev'])(
    'answers %s invalid/mx_host_not_found when no MX host name exists, without an SMTP session',
    async (email) => {
      const verdict = await h.engine.verify(email);
      expect(verdict).toMatchObject({ result: 'invalid', subResult: 'mx_host_not_found' });
      expect(verdict.retryAfterMs).toBeUndefined();
      expect(rcptsAt(email.split('@')[1])).toBe(0);
    },
  );

  it('keeps a SERVFAIL for the MX host unknown/dns_error with a retry hint', async () => {
    const verdict = await h.engine.verify('ann@servfail-host.dev');
    expect(verdict).toMatchObject({ result: 'unknown', subResult: 'dns_error' });
    expect(verdict.retryAfterMs).toBeGreaterThan(0);
  });

  it('stays unknown when one MX host is missing and the other cannot be resolved now', async () => {
    expect(await h.engine.verify('ann@gone-and-broken.dev')).toMatchObject({
      result: 'unknown',
      subResult: 'dns_error',
    });
  });

  it('stays unknown on a CNAME loop', async () => {
    expect(await h.engine.verify('ann@alias-loop.dev')).toMatchObject({ result: 'unknown', subResult: 'dns_error' });
  });

  it('skips a nonexistent MX host and probes the working one', async () => {
    expect(await h.engine.verify('ann@half.dev')).toMatchObject({ result: 'ok', smtp: { mxHost: 'mx2.half.dev' } });
    expect(await h.engine.verify('bob@half.dev')).toMatchObject({ result: 'invalid', subResult: 'no_mailbox' });
  });

  it('follows a CNAME chain from the MX target and probes the host at its end', async () => {
    expect(await h.engine.verify('ann@aliased.dev')).toMatchObject({
      result: 'ok',
      smtp: { mxHost: 'mx.aliased.dev', mxAddress: '127.0.0.1' },
    });
    expect(await h.engine.verify('bob@aliased.dev')).toMatchObject({ result: 'invalid', subResult: 'no_mailbox' });
  });

  it('caches a nonexistent MX host like any other negative answer', async () => {
    await h.engine.verify('carol@dangling.dev');
    const before = h.dns.queries.get('mx.gone.dangling.dev A');
    await h.engine.verify('dave@dangling.dev');
    expect(h.dns.queries.get('mx.gone.dangling.dev A')).toBe(before);
  });

  it('still routes an ordinary domain as before', async () => {
    expect(await h.engine.verify('ann@plain.dev')).toMatchObject({ result: 'ok' });
  });
});

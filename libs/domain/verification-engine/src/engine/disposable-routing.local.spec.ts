import { accept } from '../../../../../test/support/peers/smtp-peer';
import { EngineWorld, mxZone, startEngineWorld } from '../../../../../test/support/engine-world';

// Every MX host here answers on loopback; names alone decide what is a throwaway provider's.
const zones = {
  ...mxZone('mailinator.com', [['mail.mailinator.com', 10, '127.0.0.1']]),
  // Unlisted domains that receive at a throwaway provider: by name, through an alias, and only in part.
  ...mxZone('burner-brand.dev', [['mail.mailinator.com', 10, '127.0.0.1']]),
  'aliased-burner.dev': { mx: [{ exchange: 'mx.aliased-burner.dev', priority: 10 }] },
  'mx.aliased-burner.dev': { cname: 'mail.mailinator.com' },
  ...mxZone('mixed.dev', [
    ['mail.mailinator.com', 10, '127.0.0.1'],
    ['mx.mixed.dev', 20, '127.0.0.1'],
  ]),
  // A company on Yandex 360: yandex.net is on the disposable lists, but it is a mailbox provider's MX.
  ...mxZone('shop.dev', [['mx.yandex.net', 10, '127.0.0.1']]),
  // edu.pl is on the lists and is a public suffix: a university under it is nobody's throwaway.
  ...mxZone('uni.edu.pl', [['mx.uni.edu.pl', 10, '127.0.0.1']]),
  ...mxZone('allowed-burner.dev', [['mail.mailinator.com', 10, '127.0.0.1']]),
};

const script = {
  default: accept(),
  domains: Object.fromEntries(
    ['mixed.dev', 'shop.dev', 'uni.edu.pl', 'allowed-burner.dev', 'burner-brand.dev'].map((d) => [
      d,
      { recipients: { ann: accept() }, default: { kind: 'reply' as const, code: 550, text: '5.1.1 User unknown' } },
    ]),
  ),
};

describe('verification engine and throwaway providers behind other names', () => {
  let h: EngineWorld;
  beforeAll(async () => {
    h = await startEngineWorld(zones, script, { disposableAllowList: ['allowed-burner.dev'] });
  });
  afterAll(() => h.stop());

  const rcptsAt = (domain: string) => h.smtp.stats.rcpts.filter((r) => r.address.endsWith(`@${domain}`)).length;

  it('flags a nonexistent subdomain of a listed provider, whose verdict DNS still decides', async () => {
    expect(await h.engine.verify('ann@x7.mailinator.com')).toMatchObject({
      result: 'invalid',
      subResult: 'domain_not_found',
      disposable: true,
    });
  });

  it.each(['ann@burner-brand.dev', 'ann@aliased-burner.dev'])(
    "answers %s disposable: an unlisted domain served by a throwaway provider's MX, never probed",
    async (email) => {
      expect(await h.engine.verify(email)).toMatchObject({
        result: 'disposable',
        subResult: 'disposable',
        disposable: true,
      });
      expect(rcptsAt(email.split('@')[1])).toBe(0);
    },
  );

  it('probes a domain with one real MX host among throwaway ones', async () => {
    expect(await h.engine.verify('ann@mixed.dev')).toMatchObject({ result: 'ok', disposable: false });
  });

  it.each(['ann@shop.dev', 'ann@uni.edu.pl', 'ann@allowed-burner.dev'])(
    'probes %s: shared infrastructure, a public suffix and the allow-list never make a domain disposable',
    async (email) => {
      expect(await h.engine.verify(email)).toMatchObject({ result: 'ok', disposable: false });
    },
  );

  it('tells the finder an MX-only throwaway domain is disposable, with no probe', async () => {
    const report = await h.engine.probeCandidates('burner-brand.dev', ['ann'], {
      stopAtFirstOk: true,
      maxProbes: 3,
      deadlineMs: 5_000,
    });
    expect(report).toMatchObject({ disposable: true, reason: 'disposable', probes: [] });
  });
});

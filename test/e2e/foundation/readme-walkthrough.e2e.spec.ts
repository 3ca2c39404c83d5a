import { DnsPeer, startDnsPeer } from '../../support/peers/dns-peer';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The README's first walk-through, call by call with its own bodies: its addresses are on the
 * reserved documentation domains (RFC 2606), which take no mail, so it needs no lab and no port 25.
 * An empty loopback DNS server stands in for the resolver: nothing here may need an answer from it.
 */
describe('the README walk-through', () => {
  let dns: DnsPeer;
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    dns = await startDnsPeer({});
    app = await startTestApp({ DNS_SERVERS: dns.server });
    key = (await app.createAccount(100)).apiKey;
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  const post = (route: string, body: unknown) => app.request('POST', route, { key, body });

  it('verifies someone@example.com as invalid/reserved_domain, not free, for 1 credit', async () => {
    const res = await post('/v1/verify/single', { email: 'someone@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      result: 'invalid',
      subResult: 'reserved_domain',
      free: false,
      disposable: false,
      creditsCharged: 1,
    });
  });

  it('verifies the batch of example.com and example.org the same way', async () => {
    const res = await post('/v1/verify/batch', { emails: ['a@example.com', 'b@example.org'] });
    expect(res.body.data.results.map((r: { subResult: string }) => r.subResult)).toEqual([
      'reserved_domain',
      'reserved_domain',
    ]);
    expect(res.body.data.summary).toMatchObject({ total: 2, invalid: 2, creditsCharged: 2 });
  });

  it.each(['example.com', 'example.org'])(
    'finds nothing for Ada Lovelace at %s, says why, and charges nothing',
    async (domain) => {
      const res = await post('/v1/finder', { firstName: 'Ada', lastName: 'Lovelace', domain });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        email: null,
        status: 'Not Found',
        reason: 'reserved_domain',
        quality: 'Bad',
        creditsCharged: 0,
      });
    },
  );
});

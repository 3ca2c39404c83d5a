import { DnsPeer, startDnsPeer, ZoneEntry } from '../../../../../test/support/peers/dns-peer';
import { DnsClient } from './dns-client';
import { lookupHostAddresses, MAX_CNAME_HOPS } from './host-lookup';
import { HostNotFoundError, HostResolver } from './host-resolver';

// A chain one link longer than the engine follows: long0 -> long1 -> ... -> longN, which has the address.
const LONG_CHAIN: Record<string, ZoneEntry> = Object.fromEntries(
  Array.from({ length: MAX_CNAME_HOPS + 2 }, (_, i): [string, ZoneEntry] =>
    i <= MAX_CNAME_HOPS ? [`long${i}.test`, { cname: `long${i + 1}.test` }] : [`long${i}.test`, { a: ['127.0.0.9'] }],
  ),
);

const zones: Record<string, ZoneEntry> = {
  'mail.real.test': { a: ['127.0.0.7'], aaaa: ['::1'], ttl: 60 },
  'mx.alias.test': { cname: 'hop.alias.test', ttl: 30 },
  'hop.alias.test': { cname: 'mail.real.test', ttl: 90 },
  'mx.dangling.test': { cname: 'gone.dangling.test' },
  'mx.loop.test': { cname: 'mx2.loop.test' },
  'mx2.loop.test': { cname: 'mx.loop.test' },
  'mx.self.test': { cname: 'mx.self.test' },
  'mx.broken.test': { rcode: 'SERVFAIL' },
  'mx.via-broken.test': { cname: 'mx.broken.test' },
  'mx.silent.test': { dropQueries: true },
  'mx.empty.test': {},
  ...LONG_CHAIN,
};

/** The same classification whether the server chases aliases (a recursive resolver) or not (an authoritative one). */
describe.each([
  ['a resolver that chases CNAMEs', true],
  ['a server that answers one link at a time', false],
])('MX host lookup against %s', (_label, chaseCnames) => {
  let peer: DnsPeer;
  let dns: DnsClient;
  beforeAll(async () => {
    peer = await startDnsPeer(zones, { chaseCnames });
    dns = new DnsClient([peer.server], 500);
  });
  afterAll(() => peer.close());

  it('returns the addresses of a plain host, IPv4 first', async () => {
    expect(await lookupHostAddresses(dns, 'mail.real.test')).toEqual({
      kind: 'addresses',
      addresses: ['127.0.0.7', '::1'],
      ttl: 60,
      canonical: 'mail.real.test',
    });
  });

  it('follows a CNAME chain to the addresses, keeping the shortest TTL on the way', async () => {
    expect(await lookupHostAddresses(dns, 'mx.alias.test')).toEqual({
      kind: 'addresses',
      addresses: ['127.0.0.7', '::1'],
      ttl: 30,
      canonical: 'mail.real.test',
    });
  });

  it('calls a host NXDOMAIN not_found, and a CNAME that ends at a missing name too', async () => {
    expect(await lookupHostAddresses(dns, 'nowhere.missing.test')).toMatchObject({ kind: 'not_found' });
    expect(await lookupHostAddresses(dns, 'mx.dangling.test')).toMatchObject({ kind: 'not_found' });
  });

  it('tells a name with no address records apart from one that does not exist', async () => {
    expect(await lookupHostAddresses(dns, 'mx.empty.test')).toMatchObject({ kind: 'no_addresses' });
  });

  it('keeps SERVFAIL and timeouts an error, directly or at the end of an alias', async () => {
    expect(await lookupHostAddresses(dns, 'mx.broken.test')).toMatchObject({ kind: 'error' });
    expect(await lookupHostAddresses(dns, 'mx.via-broken.test')).toMatchObject({ kind: 'error' });
    expect(await lookupHostAddresses(dns, 'mx.silent.test')).toMatchObject({ kind: 'error' });
  });

  it('stops at a CNAME loop (two names or one pointing at itself) with an error, never not_found', async () => {
    expect(await lookupHostAddresses(dns, 'mx.loop.test')).toMatchObject({ kind: 'error', detail: /loop/ });
    expect(await lookupHostAddresses(dns, 'mx.self.test')).toMatchObject({ kind: 'error', detail: /loop/ });
  });

  it(`gives up on a chain longer than ${MAX_CNAME_HOPS} links`, async () => {
    expect(await lookupHostAddresses(dns, 'long0.test')).toMatchObject({ kind: 'error' });
    expect(await lookupHostAddresses(dns, `long2.test`)).toMatchObject({ kind: 'addresses', canonical: 'long9.test' });
  });

  it('resolves plain host names for the rest of the process the same way (HostResolver)', async () => {
    const resolver = new HostResolver(dns);
    expect(await resolver.resolve('mx.alias.test')).toEqual([
      { address: '127.0.0.7', family: 4 },
      { address: '::1', family: 6 },
    ]);
    await expect(resolver.resolve('mx.dangling.test')).rejects.toBeInstanceOf(HostNotFoundError);
    await expect(resolver.resolve('mx.broken.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DnsPeer, startDnsPeer } from '../../../../../test/support/peers/dns-peer';
import { DnsClient } from './dns-client';
import { HostResolver } from './host-resolver';

describe('finding 14: HostResolver with DNS_SERVERS resolves localhost and the hosts file as the system resolver does', () => {
  let dns: DnsPeer;
  let dir: string;
  let hostsFile: string;
  let resolver: HostResolver;

  beforeAll(async () => {
    dns = await startDnsPeer({ 'api.partner.test': { a: ['93.184.216.34'] }, 'pinned.test': { a: ['93.184.216.99'] } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosts-file-'));
    hostsFile = path.join(dir, 'hosts');
    fs.writeFileSync(
      hostsFile,
      [
        '# static names of this host',
        '127.0.0.1\tlocalhost',
        '::1 localhost ip6-localhost # the IPv6 one',
        '10.9.8.7 build-box build-box.lab.test',
        '192.0.2.55 Pinned.Test',
        'not-an-address some-name',
      ].join('\n'),
    );
    resolver = new HostResolver(new DnsClient([dns.server], 1_000), hostsFile);
  });
  afterAll(async () => {
    await dns.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers localhost from the hosts file, both families, without asking the DNS servers', async () => {
    expect(await resolver.resolve('localhost')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(dns.queries.get('localhost A')).toBeUndefined();
  });

  it('answers every name a hosts-file line lists, whatever its case, before the DNS servers', async () => {
    expect(await resolver.resolve('build-box.lab.test')).toEqual([{ address: '10.9.8.7', family: 4 }]);
    expect(await resolver.resolve('BUILD-BOX')).toEqual([{ address: '10.9.8.7', family: 4 }]);
    expect(await resolver.resolve('pinned.test')).toEqual([{ address: '192.0.2.55', family: 4 }]);
    expect(dns.queries.get('pinned.test A')).toBeUndefined();
  });

  it('answers localhost and names under it with loopback (RFC 6761) when no hosts file lists them', async () => {
    const bare = new HostResolver(new DnsClient([dns.server], 1_000), path.join(dir, 'missing-hosts'));
    for (const name of ['localhost', 'app.localhost', 'LOCALHOST.'])
      expect(await bare.resolve(name)).toEqual([
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]);
    expect(dns.queries.get('app.localhost A')).toBeUndefined();
  });

  it('asks the DNS servers for every other name, and a name they do not know still does not resolve', async () => {
    expect(await resolver.resolve('api.partner.test')).toEqual([{ address: '93.184.216.34', family: 4 }]);
    await expect(resolver.resolve('some-name')).rejects.toThrow(/ENOTFOUND/);
  });
});

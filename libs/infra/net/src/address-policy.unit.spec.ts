import { nonPublicReason } from './address-policy';

describe('address policy', () => {
  describe('for an internal IPv4 address spelt as IPv6', () => {
    it.each([
      ['IPv4-mapped, dotted', '::ffff:127.0.0.1', 'loopback'],
      ['IPv4-mapped, as the URL parser rewrites it', '::ffff:7f00:1', 'loopback'],
      ['IPv4-mapped, written out', '0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
      ['IPv4-mapped cloud metadata address', '::ffff:a9fe:a9fe', 'link_local'],
      ['IPv4-mapped private address', '::ffff:10.0.0.1', 'private'],
      ['IPv4-translated (SIIT)', '::ffff:0:10.1.2.3', 'private'],
      ['IPv4-compatible', '::127.0.0.1', 'loopback'],
      ['IPv4-compatible, hex', '::a00:1', 'private'],
      ['NAT64 well-known prefix', '64:ff9b::127.0.0.1', 'loopback'],
      ['NAT64 well-known prefix, hex', '64:ff9b::a9fe:a9fe', 'link_local'],
      ['NAT64 local-use prefix', '64:ff9b:1::c0a8:101', 'private'],
      ['6to4 of a loopback relay', '2002:7f00:1::1', 'loopback'],
      ['6to4 of a private relay', '2002:c0a8:0101::', 'private'],
      ['Teredo with a private server', '2001:0:a00:1::1', 'private'],
      ['Teredo with a loopback client (bits inverted)', '2001:0:5db8:d822::80ff:fffe', 'loopback'],
      ['bracketed as in a URL', '[::ffff:127.0.0.1]', 'loopback'],
    ])('refuses %s (%s) as %s', (_what, ip, reason) => {
      expect(nonPublicReason(ip)).toBe(reason);
    });
  });

  it.each([
    ['::1', 'loopback'],
    ['::', 'reserved'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['fd00::1', 'private'],
    ['fc12::1', 'private'],
    ['fec0::1', 'private'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['100::1', 'reserved'],
    ['127.0.0.1', 'loopback'],
    ['169.254.169.254', 'link_local'],
    ['10.1.2.3', 'private'],
    ['192.0.2.1', 'reserved'],
    ['not-an-ip', 'reserved'],
  ])('refuses %s as %s', (ip, reason) => {
    expect(nonPublicReason(ip)).toBe(reason);
  });

  it.each([
    ['93.184.216.34'],
    ['2606:2800:220:1:248:1893:25c8:1946'],
    ['::ffff:93.184.216.34'],
    ['64:ff9b::5db8:d822'],
    ['2002:5db8:d822::1'],
    ['2001:0:5db8:d822::a247:2dcb'],
    ['2a00:1450:4001:82a::200e'],
  ])('accepts the public address %s', (ip) => {
    expect(nonPublicReason(ip)).toBeNull();
  });
});

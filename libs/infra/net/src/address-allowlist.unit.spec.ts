import { addressInBlocks, parseAddressBlock } from './address-allowlist';

describe('address allowlist', () => {
  describe('reading an entry', () => {
    it.each([
      ['203.0.113.7', { family: 'ipv4', network: '203.0.113.7', prefix: 32 }],
      ['203.0.113.0/24', { family: 'ipv4', network: '203.0.113.0', prefix: 24 }],
      ['2001:db8::/48', { family: 'ipv6', network: '2001:db8::', prefix: 48 }],
      ['::1', { family: 'ipv6', network: '::1', prefix: 128 }],
    ])('reads %s', (entry, block) => expect(parseAddressBlock(entry)).toEqual(block));

    it.each([
      '',
      ' ',
      'example.com',
      '203.0.113.0/33',
      '2001:db8::/129',
      '10.0.0.0/8/8',
      '10.0.0.0/',
      '10.0.0.0/x',
      '300.1.1.1',
    ])('refuses %j', (entry) => expect(parseAddressBlock(entry)).toBeNull());
  });

  describe('matching a client', () => {
    const entries = ['203.0.113.0/24', '198.51.100.7', '2001:db8:1::/48'];

    it('admits an address inside an IPv4 block or equal to a listed address', () => {
      expect(addressInBlocks('203.0.113.200', entries)).toBe(true);
      expect(addressInBlocks('198.51.100.7', entries)).toBe(true);
    });

    it('refuses an address outside every block', () => {
      expect(addressInBlocks('203.0.114.1', entries)).toBe(false);
      expect(addressInBlocks('198.51.100.8', entries)).toBe(false);
      expect(addressInBlocks('2001:db8:2::1', entries)).toBe(false);
    });

    it('admits an IPv6 address inside an IPv6 block', () => {
      expect(addressInBlocks('2001:db8:1:ffff::9', entries)).toBe(true);
    });

    it('reads an IPv4-mapped IPv6 client as its IPv4 address', () => {
      expect(addressInBlocks('::ffff:203.0.113.9', entries)).toBe(true);
      expect(addressInBlocks('::ffff:10.0.0.1', entries)).toBe(false);
    });

    it('refuses everything with an empty list, and what is not an address', () => {
      expect(addressInBlocks('203.0.113.9', [])).toBe(false);
      expect(addressInBlocks('unknown', entries)).toBe(false);
    });
  });
});

import { clientGroup } from './client-group';

describe('the client a throttle counts an address as', () => {
  it('finding 6: counts every address of one IPv6 /64 as one client, and the next /64 as another', () => {
    const one = clientGroup('2001:db8:1:2::1', 64);
    expect(clientGroup('2001:db8:1:2:ffff:ffff:ffff:ffff', 64)).toBe(one);
    expect(clientGroup('2001:0db8:0001:0002:abcd::7', 64)).toBe(one);
    expect(clientGroup('2001:db8:1:3::1', 64)).not.toBe(one);
  });

  it('groups by the prefix length it is given', () => {
    expect(clientGroup('2001:db8:1:2::1', 48)).toBe(clientGroup('2001:db8:1:ffff::1', 48));
    expect(clientGroup('2001:db8:1:2::1', 56)).toBe(clientGroup('2001:db8:1:ff::1', 56));
    expect(clientGroup('2001:db8:1:2::1', 56)).not.toBe(clientGroup('2001:db8:1:300::1', 56));
    expect(clientGroup('2001:db8::1', 128)).not.toBe(clientGroup('2001:db8::2', 128));
  });

  it('keeps an IPv4 address whole, whether or not it is spelt as IPv4-mapped IPv6', () => {
    expect(clientGroup('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientGroup('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientGroup('203.0.113.8', 64)).not.toBe('203.0.113.7');
  });

  it('counts what is not an address as written', () => {
    expect(clientGroup('unknown', 64)).toBe('unknown');
  });
});

import { isIPv4 } from 'node:net';
import { ipv6Words } from './ipv6-words';

/**
 * The client a throttle counts an address as: an IPv4 address alone (an IPv4-mapped IPv6 spelling too),
 * an IPv6 address by its first `ipv6PrefixLength` bits. One subscriber commonly holds a whole /64, so
 * counting each /128 apart would give one client 2^64 fresh budgets. Anything else is counted as written.
 */
export function clientGroup(address: string, ipv6PrefixLength: number): string {
  if (isIPv4(address)) return address;
  const words = ipv6Words(address.replace(/%.*$/, '')); // a zone index names a link, not a client
  if (!words) return address;
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff)
    return [words[6] >> 8, words[6] & 0xff, words[7] >> 8, words[7] & 0xff].join('.');
  const masked = words.map((word, i) => {
    const bitsLeft = Math.max(0, Math.min(16, ipv6PrefixLength - i * 16));
    return bitsLeft === 0 ? 0 : word & ((0xffff << (16 - bitsLeft)) & 0xffff);
  });
  return `${masked.map((word) => word.toString(16)).join(':')}/${ipv6PrefixLength}`;
}

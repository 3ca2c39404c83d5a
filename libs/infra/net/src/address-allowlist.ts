import { BlockList, isIP } from 'node:net';
import { ipv6Words } from './ipv6-words';

/** One allowlist entry read: an address or a CIDR block, IPv4 or IPv6. */
export interface AddressBlock {
  family: 'ipv4' | 'ipv6';
  network: string;
  prefix: number;
}

/**
 * Reads `203.0.113.7`, `203.0.113.0/24`, `2001:db8::1` or `2001:db8::/48` (an address alone is its /32
 * or /128); null for anything else: blank, a host name, a bad prefix, a zone index, a second slash.
 */
export function parseAddressBlock(entry: string): AddressBlock | null {
  const [address, prefixText, ...rest] = entry.trim().split('/');
  if (rest.length > 0 || !address) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { family: version === 4 ? 'ipv4' : 'ipv6', network: address, prefix };
}

/** An IPv4-mapped IPv6 spelling (`::ffff:203.0.113.7`, as a dual-stack socket reports) as its IPv4 address. */
function unmapped(address: string): string {
  const words = isIP(address) === 6 ? ipv6Words(address) : null;
  if (!words || !words.slice(0, 5).every((word) => word === 0) || words[5] !== 0xffff) return address;
  return [words[6] >> 8, words[6] & 0xff, words[7] >> 8, words[7] & 0xff].join('.');
}

/**
 * Whether a client address falls in one of the entries (each as `parseAddressBlock` reads it; an
 * unreadable entry matches nothing). The address is the one the app already trusts: the socket's, or
 * behind TRUSTED_PROXIES the forwarded one.
 */
export function addressInBlocks(address: string, entries: readonly string[]): boolean {
  const client = unmapped(address.replace(/%.*$/, ''));
  const family = isIP(client) === 4 ? 'ipv4' : isIP(client) === 6 ? 'ipv6' : null;
  if (!family) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const block = parseAddressBlock(entry);
    if (block) list.addSubnet(block.network, block.prefix, block.family);
  }
  return list.check(client, family);
}

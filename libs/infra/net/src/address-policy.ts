import { isIP } from 'node:net';
import { embeddedIpv4, ipv6Words } from './ipv6-words';

// Ranges a prober or webhook sender must not reach by default (SSRF and loopback abuse).
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

function inV4Range(ip: string, base: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (v4ToInt(ip) & mask) === (v4ToInt(base) & mask);
}

function v4Reason(ip: string): string | null {
  if (inV4Range(ip, '127.0.0.0', 8)) return 'loopback';
  if (inV4Range(ip, '169.254.0.0', 16)) return 'link_local';
  if (
    inV4Range(ip, '10.0.0.0', 8) ||
    inV4Range(ip, '172.16.0.0', 12) ||
    inV4Range(ip, '192.168.0.0', 16) ||
    inV4Range(ip, '100.64.0.0', 10)
  )
    return 'private';
  return V4_BLOCKED.some(([base, bits]) => inV4Range(ip, base, bits)) ? 'reserved' : null;
}

/** IPv6 ranges by their leading 16-bit words: [first word, mask of the first word, reason]. */
const V6_BLOCKED: Array<[number, number, string]> = [
  [0xfe80, 0xffc0, 'link_local'], // fe80::/10
  [0xfec0, 0xffc0, 'private'], // fec0::/10, deprecated site-local
  [0xfc00, 0xfe00, 'private'], // fc00::/7, unique local
  [0xff00, 0xff00, 'reserved'], // multicast
];

function v6Reason(words: number[]): string | null {
  if (words.slice(0, 7).every((w) => w === 0) && words[7] <= 1) return words[7] === 1 ? 'loopback' : 'reserved'; // ::1, ::
  // An IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4, Teredo) is judged
  // as that IPv4 address: the packet ends up there, whatever the spelling.
  for (const v4 of embeddedIpv4(words)) {
    const reason = v4Reason(v4);
    if (reason) return reason;
  }
  for (const [first, mask, reason] of V6_BLOCKED) if ((words[0] & mask) === first) return reason;
  if (words[0] === 0x2001 && words[1] === 0x0db8) return 'reserved'; // documentation
  if (words[0] === 0x0100 && words[1] === 0 && words[2] === 0 && words[3] === 0) return 'reserved'; // 100::/64 discard
  return null;
}

/**
 * Why an address is not public ('loopback', 'private', 'link_local', 'reserved'), or null for a public
 * address. Every IPv6 spelling of an IPv4 address is judged as that IPv4 address.
 */
export function nonPublicReason(ip: string): string | null {
  const bare = ip.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''); // URL brackets, zone index
  const family = isIP(bare);
  if (family === 4) return v4Reason(bare);
  if (family === 6) {
    const words = ipv6Words(bare);
    return words ? v6Reason(words) : 'reserved';
  }
  return 'reserved';
}

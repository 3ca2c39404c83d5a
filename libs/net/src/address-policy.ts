import { isIP } from 'node:net';

// Ranges a prober or webhook sender must not reach by default (SSRF and loopback abuse).
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

function inV4Range(ip: string, base: string, bits: number): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (v4ToInt(ip) & mask) === (v4ToInt(base) & mask);
}

/** Why an address is not public ('loopback', 'private', 'link_local', 'reserved'), or null for a public address. */
export function nonPublicReason(ip: string): string | null {
  const family = isIP(ip);
  if (family === 4) {
    if (inV4Range(ip, '127.0.0.0', 8)) return 'loopback';
    if (inV4Range(ip, '169.254.0.0', 16)) return 'link_local';
    if (inV4Range(ip, '10.0.0.0', 8) || inV4Range(ip, '172.16.0.0', 12) || inV4Range(ip, '192.168.0.0', 16) || inV4Range(ip, '100.64.0.0', 10)) return 'private';
    return V4_BLOCKED.some(([base, bits]) => inV4Range(ip, base, bits)) ? 'reserved' : null;
  }
  if (family === 6) {
    const lower = ip.toLowerCase();
    if (lower === '::1') return 'loopback';
    if (lower === '::') return 'reserved';
    const mapped = lower.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return nonPublicReason(mapped[1]);
    if (/^fe[89ab]/.test(lower)) return 'link_local';
    if (/^f[cd]/.test(lower)) return 'private';
    if (/^ff/.test(lower) || lower.startsWith('2001:db8')) return 'reserved';
    return null;
  }
  return 'reserved';
}

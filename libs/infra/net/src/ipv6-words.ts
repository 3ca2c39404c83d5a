import { isIPv6 } from 'node:net';

/** The eight 16-bit words of an IPv6 address in any spelling (`::` shorthand, a trailing dotted quad), or null. */
export function ipv6Words(ip: string): number[] | null {
  if (!isIPv6(ip)) return null;
  let text = ip.toLowerCase();
  const dotted = text.match(/^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)));
  const front = parse(head);
  if (tail === null) return front;
  const back = parse(tail);
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

const v4Of = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
const zeros = (words: number[]): boolean => words.every((word) => word === 0);

/**
 * The IPv4 addresses an IPv6 address delivers to or stands for: IPv4-mapped (::ffff:0:0/96),
 * IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48), 6to4 (2002::/16: the relay's IPv4) and Teredo (2001::/32: server and client IPv4).
 */
export function embeddedIpv4(words: number[]): string[] {
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words;
  if (zeros([w0, w1, w2, w3, w4]) && (w5 === 0xffff || w5 === 0)) return [v4Of(w6, w7)];
  if (zeros([w0, w1, w2, w3]) && w4 === 0xffff && w5 === 0) return [v4Of(w6, w7)];
  if (w0 === 0x64 && w1 === 0xff9b && (zeros([w2, w3, w4, w5]) || w2 === 1)) return [v4Of(w6, w7)];
  if (w0 === 0x2002) return [v4Of(w1, w2)];
  if (w0 === 0x2001 && w1 === 0) return [v4Of(w2, w3), v4Of(~w6 & 0xffff, ~w7 & 0xffff)];
  return [];
}

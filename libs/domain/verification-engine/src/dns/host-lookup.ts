import { DnsClient } from './dns-client';
import { DnsAnswer, DnsResponse, RCODE } from './dns-wire';

/**
 * What DNS says about a mail host's addresses. `not_found` is NXDOMAIN for the name (or for the end
 * of its CNAME chain): the host does not exist. `no_addresses` is a name that exists with no A/AAAA.
 * `error` is anything that may answer differently later: SERVFAIL, a timeout, a CNAME loop or a chain
 * longer than MAX_CNAME_HOPS.
 */
export type HostLookup =
  | { kind: 'addresses'; addresses: string[]; ttl: number; canonical: string }
  | { kind: 'no_addresses'; ttl: number }
  | { kind: 'not_found'; ttl: number }
  | { kind: 'error'; detail: string };

/**
 * RFC 5321 5.1 forbids an MX target that is an alias, yet Postfix and Exim follow it and the wild has
 * it. BIND gives up after 16 links; 8 is plenty for mail and bounds the queries one MX can cost.
 */
export const MAX_CNAME_HOPS = 8;
const NEGATIVE_DEFAULT_TTL_S = 300;

type Cname = Extract<DnsAnswer, { type: 'CNAME' }>;
type Address = Extract<DnsAnswer, { type: 'A' | 'AAAA' }>;

/**
 * A and AAAA for `host`, following CNAMEs: first the chain a recursive server put in its answer, then
 * by asking again for the chain's end when the server (an authoritative one, a lab's) did not chase it.
 * IPv4 first: many probing hosts have no IPv6 route.
 */
export async function lookupHostAddresses(dns: DnsClient, host: string): Promise<HostLookup> {
  const seen = new Set<string>([host.toLowerCase()]);
  let name = host.toLowerCase();
  let ttl = Number.POSITIVE_INFINITY;
  for (;;) {
    let a: DnsResponse, aaaa: DnsResponse;
    try {
      [a, aaaa] = await Promise.all([dns.query(name, 'A'), dns.query(name, 'AAAA')]);
    } catch (error) {
      return { kind: 'error', detail: (error as Error).message };
    }
    const usable = [a, aaaa].filter((r) => r.rcode === RCODE.NOERROR || r.rcode === RCODE.NXDOMAIN);
    if (usable.length === 0) return { kind: 'error', detail: `rcode ${a.rcode} for A ${name}` };
    const chain = followChain(usable[0].answers, name, seen);
    if ('loop' in chain) return { kind: 'error', detail: `CNAME loop at ${chain.loop} for ${host}` };
    if (seen.size > MAX_CNAME_HOPS + 1) return { kind: 'error', detail: `CNAME chain of ${host} too long` };
    ttl = Math.min(ttl, ...chain.ttls);
    const addresses = usable
      .flatMap((r) => r.answers)
      .filter((x): x is Address => (x.type === 'A' || x.type === 'AAAA') && x.name.toLowerCase() === chain.end);
    if (addresses.length > 0)
      return {
        kind: 'addresses',
        addresses: addresses.map((x) => x.address),
        ttl: Math.min(ttl, ...addresses.map((x) => x.ttl)),
        canonical: chain.end,
      };
    const negativeTtl = Math.min(ttl, a.negativeTtl ?? aaaa.negativeTtl ?? NEGATIVE_DEFAULT_TTL_S);
    // NXDOMAIN must come for both types: one of them failing may hide an address.
    if (a.rcode === RCODE.NXDOMAIN && aaaa.rcode === RCODE.NXDOMAIN) return { kind: 'not_found', ttl: negativeTtl };
    if (usable.length < 2) return { kind: 'error', detail: `rcode ${a.rcode}/${aaaa.rcode} for ${name}` };
    if (chain.end === name) return { kind: 'no_addresses', ttl: negativeTtl };
    name = chain.end;
  }
}

/** Walks the CNAME records of one answer from `start`; every name it reaches joins `seen`. */
function followChain(
  answers: DnsAnswer[],
  start: string,
  seen: Set<string>,
): { end: string; ttls: number[] } | { loop: string } {
  const cnames = new Map(
    answers.filter((x): x is Cname => x.type === 'CNAME').map((x) => [x.name.toLowerCase(), x] as const),
  );
  const ttls: number[] = [];
  let name = start;
  for (let link = cnames.get(name); link; link = cnames.get(name)) {
    if (seen.has(link.target)) return { loop: link.target };
    seen.add(link.target);
    ttls.push(link.ttl);
    name = link.target;
    if (seen.size > MAX_CNAME_HOPS + 1) break;
  }
  return { end: name, ttls };
}

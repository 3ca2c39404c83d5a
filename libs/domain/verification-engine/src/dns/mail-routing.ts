import { DnsClient } from './dns-client';
import { DnsAnswer, RCODE } from './dns-wire';
import { HostLookup, lookupHostAddresses } from './host-lookup';

export interface MailHost {
  name: string;
  preference: number;
  addresses: string[];
  /** The name the addresses belong to when `name` is a CNAME (RFC 5321 5.1 forbids it; MTAs follow it). */
  canonical?: string;
}

export type MailRoute =
  | { kind: 'hosts'; viaAddressFallback: boolean; hosts: MailHost[] }
  | { kind: 'null_mx' }
  | { kind: 'domain_not_found' }
  | { kind: 'mx_host_not_found' }
  | { kind: 'no_mx' }
  | { kind: 'dns_error'; detail: string };

// Bounds on cached TTLs: a zero TTL would defeat the cache during one batch, and a week-long
// one would hide a domain that moved its mail.
const MIN_TTL_S = 5;
const MAX_TTL_S = 3_600;
const NEGATIVE_DEFAULT_TTL_S = 300;

/**
 * RFC 5321 5.1 mail routing: MX records by preference (ties keep answer order); a single
 * MX with an empty exchange is a null MX (RFC 7505); no MX means the domain's own A/AAAA.
 * An MX host whose name does not exist (NXDOMAIN) is left out; when none of them exists no server
 * can ever take the mail (mx_host_not_found, as decided as a null MX), while a host DNS cannot
 * answer for now (SERVFAIL, timeout) keeps the domain undecided.
 * Answers are cached per domain for their smallest TTL; DNS errors are never cached.
 */
export class MailRouter {
  private readonly cache = new Map<string, { route: MailRoute; expiresAt: number }>();

  constructor(
    private readonly dns: DnsClient,
    private readonly clock: () => number,
  ) {}

  async route(domain: string): Promise<MailRoute> {
    const cached = this.cache.get(domain);
    if (cached && cached.expiresAt > this.clock()) return cached.route;
    const { route, ttl } = await this.lookup(domain);
    if (route.kind !== 'dns_error') {
      const bounded = Math.min(MAX_TTL_S, Math.max(MIN_TTL_S, ttl));
      this.cache.set(domain, { route, expiresAt: this.clock() + bounded * 1000 });
    }
    return route;
  }

  private async lookup(domain: string): Promise<{ route: MailRoute; ttl: number }> {
    let mx;
    try {
      mx = await this.dns.query(domain, 'MX');
    } catch (error) {
      return { route: { kind: 'dns_error', detail: (error as Error).message }, ttl: 0 };
    }
    if (mx.rcode === RCODE.NXDOMAIN)
      return { route: { kind: 'domain_not_found' }, ttl: mx.negativeTtl ?? NEGATIVE_DEFAULT_TTL_S };
    if (mx.rcode !== RCODE.NOERROR)
      return { route: { kind: 'dns_error', detail: `rcode ${mx.rcode} for MX ${domain}` }, ttl: 0 };
    const records = mx.answers.filter((a): a is Extract<DnsAnswer, { type: 'MX' }> => a.type === 'MX');
    const mxTtl = Math.min(...records.map((r) => r.ttl), mx.negativeTtl ?? NEGATIVE_DEFAULT_TTL_S);
    if (records.length === 1 && records[0].exchange === '') return { route: { kind: 'null_mx' }, ttl: mxTtl };
    if (records.length === 0) return this.addressFallback(domain, mxTtl);
    const sorted = records.filter((r) => r.exchange !== '').sort((a, b) => a.preference - b.preference);
    const lookups = await Promise.all(sorted.map((r) => lookupHostAddresses(this.dns, r.exchange)));
    if (lookups.every((l) => l.kind === 'not_found'))
      return { route: { kind: 'mx_host_not_found' }, ttl: Math.min(mxTtl, ...lookups.map(ttlOf)) };
    if (!lookups.some((l) => l.kind === 'addresses') && lookups.some((l) => l.kind === 'error'))
      return { route: { kind: 'dns_error', detail: `no MX host of ${domain} resolved` }, ttl: 0 };
    const hosts = sorted.flatMap((r, i): MailHost[] => {
      const lookup = lookups[i];
      if (lookup.kind === 'not_found') return [];
      if (lookup.kind !== 'addresses') return [{ name: r.exchange, preference: r.preference, addresses: [] }];
      const alias = lookup.canonical !== r.exchange ? { canonical: lookup.canonical } : {};
      return [{ name: r.exchange, preference: r.preference, addresses: lookup.addresses, ...alias }];
    });
    const ttl = Math.min(mxTtl, ...lookups.map(ttlOf));
    return { route: { kind: 'hosts', viaAddressFallback: false, hosts }, ttl };
  }

  private async addressFallback(domain: string, mxTtl: number): Promise<{ route: MailRoute; ttl: number }> {
    const own = await lookupHostAddresses(this.dns, domain);
    if (own.kind === 'error') return { route: { kind: 'dns_error', detail: own.detail }, ttl: 0 };
    if (own.kind !== 'addresses') return { route: { kind: 'no_mx' }, ttl: Math.min(mxTtl, own.ttl) };
    return {
      route: {
        kind: 'hosts',
        viaAddressFallback: true,
        hosts: [{ name: domain, preference: 0, addresses: own.addresses }],
      },
      ttl: Math.min(mxTtl, own.ttl),
    };
  }
}

/** A host that failed to resolve keeps the route cached for the shortest time, so it is asked again soon. */
function ttlOf(lookup: HostLookup): number {
  return lookup.kind === 'error' ? 0 : lookup.ttl;
}

import { DnsClient } from './dns-client';
import { DnsAnswer, RCODE } from './dns-wire';

export interface MailHost {
  name: string;
  preference: number;
  addresses: string[];
}

export type MailRoute =
  | { kind: 'hosts'; viaAddressFallback: boolean; hosts: MailHost[] }
  | { kind: 'null_mx' }
  | { kind: 'domain_not_found' }
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
    const resolved = await Promise.all(sorted.map((r) => this.addresses(r.exchange)));
    const hosts = sorted.map((r, i) => ({
      name: r.exchange,
      preference: r.preference,
      addresses: resolved[i].addresses,
    }));
    if (resolved.every((r) => r.error))
      return { route: { kind: 'dns_error', detail: `no MX host of ${domain} resolved` }, ttl: 0 };
    const ttl = Math.min(mxTtl, ...resolved.map((r) => r.ttl));
    return { route: { kind: 'hosts', viaAddressFallback: false, hosts }, ttl };
  }

  private async addressFallback(domain: string, mxTtl: number): Promise<{ route: MailRoute; ttl: number }> {
    const own = await this.addresses(domain);
    if (own.error) return { route: { kind: 'dns_error', detail: own.error }, ttl: 0 };
    if (own.addresses.length === 0) return { route: { kind: 'no_mx' }, ttl: Math.min(mxTtl, own.ttl) };
    return {
      route: {
        kind: 'hosts',
        viaAddressFallback: true,
        hosts: [{ name: domain, preference: 0, addresses: own.addresses }],
      },
      ttl: Math.min(mxTtl, own.ttl),
    };
  }

  /** IPv4 first: many probing hosts have no IPv6 route. An unresolvable host yields no addresses. */
  private async addresses(host: string): Promise<{ addresses: string[]; ttl: number; error?: string }> {
    try {
      const [a, aaaa] = await Promise.all([this.dns.query(host, 'A'), this.dns.query(host, 'AAAA')]);
      const failed = [a, aaaa].every((r) => r.rcode !== RCODE.NOERROR && r.rcode !== RCODE.NXDOMAIN);
      if (failed) return { addresses: [], ttl: 0, error: `rcode ${a.rcode} for A ${host}` };
      const answers = [...a.answers, ...aaaa.answers].filter(
        (x): x is Extract<DnsAnswer, { type: 'A' | 'AAAA' }> => x.type === 'A' || x.type === 'AAAA',
      );
      const ttl = answers.length ? Math.min(...answers.map((x) => x.ttl)) : (a.negativeTtl ?? NEGATIVE_DEFAULT_TTL_S);
      return { addresses: answers.map((x) => x.address), ttl };
    } catch (error) {
      return { addresses: [], ttl: 0, error: (error as Error).message };
    }
  }
}

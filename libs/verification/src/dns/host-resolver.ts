import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DnsClient } from './dns-client';
import { DnsAnswer, RCODE } from './dns-wire';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A host name with no address: carries ENOTFOUND like the system resolver's error. */
export class HostNotFoundError extends Error {
  readonly code = 'ENOTFOUND';
}

/**
 * Host name to addresses the way the whole process resolves: through the DNS_SERVERS when they
 * are configured (the same stub resolver the prober routes mail with), through the system's
 * resolver otherwise. The engine owns the one instance of a process (`engine.resolver`, sharing the
 * DNS client its mail router uses); the port-25 preflight and the webhook URL checks use it, so a
 * lab or a split-horizon DNS answers them all alike.
 */
export class HostResolver {
  /** `dns` is the process's stub resolver when DNS_SERVERS are configured; null means the system's resolver. */
  constructor(private readonly dns: DnsClient | null) {}

  static fromServers(servers: string[] | null | undefined, timeoutMs = 3_000): HostResolver {
    return new HostResolver(servers && servers.length ? new DnsClient(servers, timeoutMs) : null);
  }

  async resolve(host: string): Promise<ResolvedAddress[]> {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(bare);
    if (family) return [{ address: bare, family }];
    if (!this.dns) return lookup(bare, { all: true, verbatim: true });
    const [a, aaaa] = await Promise.all([this.dns.query(bare, 'A'), this.dns.query(bare, 'AAAA')]);
    const answers = [...a.answers, ...aaaa.answers].filter(
      (x): x is Extract<DnsAnswer, { type: 'A' | 'AAAA' }> => x.type === 'A' || x.type === 'AAAA',
    );
    if (answers.length === 0) {
      const rcode = a.rcode === RCODE.NOERROR ? aaaa.rcode : a.rcode;
      throw new HostNotFoundError(`ENOTFOUND ${bare} (rcode ${rcode} from the configured DNS servers)`);
    }
    return answers.map((x) => ({ address: x.address, family: x.type === 'A' ? 4 : 6 }));
  }
}

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { DnsClient } from './dns-client';
import { lookupHostAddresses } from './host-lookup';
import { hostsFileAddresses, isLocalhostName, LOOPBACK_ADDRESSES, SYSTEM_HOSTS_FILE } from './hosts-file';

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
 * resolver otherwise. With DNS_SERVERS, the host's names file still comes first and `localhost`
 * names are loopback (RFC 6761), as the system resolver answers them ("files dns" in nsswitch.conf):
 * DNS servers never know them. The engine owns the one instance of a process (`engine.resolver`, sharing the
 * DNS client its mail router uses); the port-25 preflight and the webhook URL checks use it, so a
 * lab or a split-horizon DNS answers them all alike.
 */
export class HostResolver {
  /**
   * `dns` is the process's stub resolver when DNS_SERVERS are configured; null means the system's resolver.
   * `hostsFile` is read before asking `dns` (the system resolver reads its own).
   */
  constructor(
    private readonly dns: DnsClient | null,
    private readonly hostsFile = SYSTEM_HOSTS_FILE,
  ) {}

  static fromServers(servers: string[] | null | undefined, timeoutMs = 3_000): HostResolver {
    return new HostResolver(servers && servers.length ? new DnsClient(servers, timeoutMs) : null);
  }

  async resolve(host: string): Promise<ResolvedAddress[]> {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(bare);
    if (family) return [{ address: bare, family }];
    if (!this.dns) return lookup(bare, { all: true, verbatim: true });
    const listed = await hostsFileAddresses(this.hostsFile, bare);
    if (listed.length > 0) return listed;
    if (isLocalhostName(bare)) return LOOPBACK_ADDRESSES;
    // The same lookup as mail routing: CNAME chains followed, NXDOMAIN told from a failure.
    const found = await lookupHostAddresses(this.dns, bare);
    if (found.kind === 'addresses') return found.addresses.map((address) => ({ address, family: isIP(address) }));
    const why = found.kind === 'error' ? found.detail : found.kind.replace('_', ' ');
    throw new HostNotFoundError(`ENOTFOUND ${bare} (${why} from the configured DNS servers)`);
  }
}

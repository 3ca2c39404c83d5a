import { lookup } from 'node:dns/promises';
import { DomainError } from '@lib/common';
import { nonPublicReason } from '@lib/net';

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Keeps webhooks off private, loopback and reserved networks (SSRF). Checked at registration for a
 * clear 400 and again before every send, because DNS may change after registration (rebinding).
 */
export class WebhookAddressGuard {
  /** `resolve` is the process's resolver (HostResolver, honouring DNS_SERVERS); the system's by default. */
  constructor(
    private readonly allowPrivateNetworks: boolean,
    private readonly resolve: Resolver = systemResolver,
  ) {}

  /** Every address of the host, refused when any of them is not public (unless allowed). */
  async check(hostname: string): Promise<ResolvedAddress[]> {
    const bare = hostname.replace(/^\[(.*)\]$/, '$1'); // URL keeps IPv6 literals bracketed
    let addresses: ResolvedAddress[];
    try {
      addresses = await this.resolve(bare);
    } catch {
      addresses = [];
    }
    // One answer, the catalogue's message only, for a host that does not resolve and one that resolves to
    // a private address: naming the address, its kind, or even telling the two apart would make
    // registration an oracle for which names the internal DNS knows.
    if (addresses.length === 0) throw new DomainError('WEBHOOK_URL_PRIVATE');
    if (this.allowPrivateNetworks) return addresses;
    if (addresses.some(({ address }) => nonPublicReason(address) !== null))
      throw new DomainError('WEBHOOK_URL_PRIVATE');
    return addresses;
  }

  /**
   * The last word, on the socket actually connected: whatever resolved or rewrote the address on the
   * way (an IP literal in any spelling, a proxy, a resolver change), a non-public peer is refused.
   */
  refusesPeer(remoteAddress: string | undefined): boolean {
    return !this.allowPrivateNetworks && (remoteAddress === undefined || nonPublicReason(remoteAddress) !== null);
  }
}

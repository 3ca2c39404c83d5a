/**
 * Special-use and reserved domain names, by the RFC that reserves them. `never` names can receive no
 * mail on any network (so they are answered without a DNS query); `unless_routed` names are kept
 * for private and test networks (RFC 6761 6.2: "test" may be resolved by a resolver configured
 * for it), so they are probed like any domain when the configured DNS routes their mail, and
 * reported as reserved when it does not.
 */
export interface ReservedName {
  suffix: string;
  rfc: string;
  reach: 'never' | 'unless_routed';
}

export const RESERVED_NAMES: ReservedName[] = [
  // RFC 2606 section 3, IANA: documentation domains; they publish a null MX (RFC 7505).
  { suffix: 'example.com', rfc: 'RFC 2606 section 3', reach: 'never' },
  { suffix: 'example.net', rfc: 'RFC 2606 section 3', reach: 'never' },
  { suffix: 'example.org', rfc: 'RFC 2606 section 3', reach: 'never' },
  // RFC 6761 6.4: guaranteed to be invalid; 6.3: always the loopback host; RFC 7686: Tor only.
  { suffix: 'invalid', rfc: 'RFC 2606 section 2, RFC 6761 section 6.4', reach: 'never' },
  { suffix: 'localhost', rfc: 'RFC 2606 section 2, RFC 6761 section 6.3', reach: 'never' },
  { suffix: 'onion', rfc: 'RFC 7686', reach: 'never' },
  // Test, documentation, link-local and home-network names: private networks may route them.
  { suffix: 'test', rfc: 'RFC 2606 section 2, RFC 6761 section 6.2', reach: 'unless_routed' },
  { suffix: 'example', rfc: 'RFC 2606 section 2, RFC 6761 section 6.5', reach: 'unless_routed' },
  { suffix: 'local', rfc: 'RFC 6762', reach: 'unless_routed' },
  { suffix: 'home.arpa', rfc: 'RFC 8375', reach: 'unless_routed' },
  { suffix: 'alt', rfc: 'RFC 9476', reach: 'unless_routed' },
];

/** The reservation covering this (ASCII) domain or one of its parents, or null for an ordinary domain. */
export function reservedName(domain: string): ReservedName | null {
  const name = domain.toLowerCase().replace(/\.$/, '');
  return RESERVED_NAMES.find((r) => name === r.suffix || name.endsWith(`.${r.suffix}`)) ?? null;
}

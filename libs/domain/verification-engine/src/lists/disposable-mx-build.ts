import { nonPublicReason } from '@lib/net';

/**
 * Builds the table of throwaway providers' MX hosts and addresses (data/disposable-mx-hosts.json) from
 * observations of (disposable domain, MX host, address) and hand-curated host lists with their
 * sources. Pure: the update script (scripts/update-disposable-lists.ts) does the reading and writing.
 */

export interface MxObservation {
  domain: string;
  mx: string;
  address: string;
}

export interface MxTableSource {
  /** What the hosts come from: a repository and path, a page. */
  name: string;
  /** Commit or version of the source, so the table can be rebuilt exactly. */
  revision: string;
  /** When the source observed the records (its commit date), not when the table was built. */
  observed: string;
  hosts: number;
  addresses: number;
}

export interface DisposableMxTable {
  generated: string;
  sources: MxTableSource[];
  hosts: string[];
  addresses: string[];
}

export interface MxTableRules {
  /** True for a domain on the disposable union (or under a listed one). */
  isListed: (domain: string) => boolean;
  /** True for shared mail infrastructure (mailbox providers, forwarders, hosting, parking). */
  isShared: (host: string) => boolean;
}

export const normalizeHost = (host: string): string => host.trim().toLowerCase().replace(/\.$/, '');

/**
 * Keeps an observed MX host when it lives under a listed domain (mail.mailinator.com) and is not shared
 * infrastructure. How many listed domains a host serves proves nothing: hosting companies (beget.com,
 * timeweb.ru) serve hundreds of throwaway domains next to their real customers. Addresses are those of
 * kept hosts that no dropped host also uses (a shared IP would condemn its other tenants) and that are
 * public: some throwaway domains point their MX at 127.0.0.2 or a private range, which would condemn
 * every lab and every private network.
 */
export function hostsFromObservations(
  observations: MxObservation[],
  rules: MxTableRules,
): { hosts: string[]; addresses: string[] } {
  const byHost = new Map<string, Set<string>>();
  for (const row of observations) {
    const mx = normalizeHost(row.mx);
    if (!mx.includes('.')) continue;
    const addresses = byHost.get(mx) ?? new Set<string>();
    const address = row.address.trim();
    if (address && nonPublicReason(address) === null) addresses.add(address);
    byHost.set(mx, addresses);
  }
  const kept = new Set<string>();
  for (const host of byHost.keys()) if (rules.isListed(host) && !rules.isShared(host)) kept.add(host);
  const droppedAddresses = new Set<string>();
  for (const [host, addresses] of byHost)
    if (!kept.has(host)) for (const address of addresses) droppedAddresses.add(address);
  const addresses = new Set<string>();
  for (const host of kept)
    for (const address of byHost.get(host)!) if (!droppedAddresses.has(address)) addresses.add(address);
  return { hosts: [...kept].sort(), addresses: [...addresses].sort() };
}

/** Curated host names pass the same shared-infrastructure filter as observed ones (and `localhost.` never). */
export function curatedHosts(hosts: string[], rules: Pick<MxTableRules, 'isShared'>): string[] {
  return [...new Set(hosts.map(normalizeHost))].filter((h) => h.includes('.') && !rules.isShared(h)).sort();
}

/** Minimal RFC 4180 reader for the observation CSV (quoted fields, no embedded newlines). */
export function parseCsv(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quoted && c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = !quoted;
        else if (c === ',' && !quoted) {
          fields.push(field);
          field = '';
        } else field += c;
      }
      fields.push(field);
      return fields;
    });
}

/** Rows of a CSV with a header naming `domain`, `mx` and `ip` columns (infiniteloopltd's layout). */
export function observationsFromCsv(text: string): MxObservation[] {
  const [header, ...rows] = parseCsv(text);
  const col = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`MX observations CSV has no "${name}" column`);
    return index;
  };
  const [domain, mx, ip] = [col('domain'), col('mx'), col('ip')];
  return rows.map((r) => ({ domain: r[domain] ?? '', mx: r[mx] ?? '', address: r[ip] ?? '' }));
}

import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';

export const SYSTEM_HOSTS_FILE = '/etc/hosts';

export interface HostsEntry {
  address: string;
  family: number;
}

/**
 * The addresses the hosts file (hosts(5): an address, then its names, `#` starts a comment) gives a
 * name, in file order; empty when it lists none or cannot be read. Read on every call, as glibc does
 * without nscd, so an edit applies at once; the file is a few lines.
 */
export async function hostsFileAddresses(file: string, name: string): Promise<HostsEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const wanted = name.toLowerCase().replace(/\.$/, '');
  const found: HostsEntry[] = [];
  for (const line of text.split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    const family = isIP(address ?? '');
    if (!family || !names.some((n) => n.toLowerCase() === wanted)) continue;
    if (!found.some((entry) => entry.address === address)) found.push({ address, family });
  }
  return found;
}

/** RFC 6761 section 6.3: `localhost` and every name under it are the loopback addresses, never asked of DNS. */
export function isLocalhostName(name: string): boolean {
  const lowered = name.toLowerCase().replace(/\.$/, '');
  return lowered === 'localhost' || lowered.endsWith('.localhost');
}

export const LOOPBACK_ADDRESSES: HostsEntry[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

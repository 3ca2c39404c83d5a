import table from '../../data/disposable-mx-hosts.json';
import sharedInfrastructure from '../../data/disposable-mx-exclusions.json';
import { providerForMx } from '../providers/provider-playbook';
import { isAllowListed, isDisposableDomain } from './disposable-domains';
import { normalizeHost } from './disposable-mx-build';

/** An MX host as mail routing found it: its name, the end of its CNAME chain, its addresses. */
export interface MailHostFacts {
  name: string;
  canonical?: string;
  addresses: string[];
}

const TABLE_HOSTS = new Set(table.hosts);
const TABLE_ADDRESSES = new Set(table.addresses);

/**
 * Mail infrastructure that throwaway services share with real users: every provider the playbook
 * knows (Gmail, Microsoft 365, Yandex ...) and the forwarders, hosts and parking services of
 * data/disposable-mx-exclusions.json. Some of them sit on the disposable lists (yandex.net, duck.com,
 * simplelogin.co), which is right for an address at them but never for a domain that receives there.
 */
export function isSharedMailInfrastructure(host: string): boolean {
  const name = normalizeHost(host);
  if (providerForMx(name).provider) return true;
  return (sharedInfrastructure as string[]).some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * A throwaway provider's MX host: named in the table (data/disposable-mx-hosts.json), under a listed
 * disposable domain (mail.mailinator.com), or at an address of the table; never shared infrastructure
 * nor a host under an allow-listed domain.
 */
export function isDisposableMailHost(host: MailHostFacts, allowList: string[] = []): boolean {
  const names = [host.name, host.canonical].filter((n): n is string => !!n).map(normalizeHost);
  if (names.some((n) => isSharedMailInfrastructure(n) || isAllowListed(n, allowList))) return false;
  if (names.some((n) => TABLE_HOSTS.has(n) || isDisposableDomain(n, allowList))) return true;
  return host.addresses.some((address) => TABLE_ADDRESSES.has(address));
}

/**
 * True when every MX host that has an address is a throwaway provider's: private domains of such
 * services share their MX, and no list can know them all. One real mail server among them is enough
 * to clear the domain.
 */
export function isDisposableMailRoute(hosts: MailHostFacts[], allowList: string[] = []): boolean {
  const live = hosts.filter((h) => h.addresses.length > 0);
  return live.length > 0 && live.every((h) => isDisposableMailHost(h, allowList));
}

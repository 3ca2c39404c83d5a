import { getDomain } from 'tldts';
import ivolo from 'disposable-email-domains';
import ivoloWildcards from 'disposable-email-domains/wildcard.json';
import disposableDomains from 'disposable-domains';
import mailchecker from 'mailchecker';
import { emailBurnerList } from 'burner-email-providers';
import exclusions from '../../data/disposable-exclusions.json';

let cache: Set<string> | null = null;

/**
 * Union of four maintained npm lists (sizes at the pinned versions, see libs/domain/verification-engine/README.md):
 * ivolo disposable-email-domains (121,570 + 399 wildcards), disposable-domains (133,604),
 * mailchecker and burner-email-providers. Entries in data/disposable-exclusions.json are
 * removed: mailbox providers and institutions that some list carries by mistake, and
 * shared registry suffixes (spb.ru, pp.ua) that would otherwise condemn every subdomain.
 */
export function disposableDomainSet(): Set<string> {
  if (cache) return cache;
  const all = new Set<string>();
  const add = (items: Iterable<string>) => {
    for (const item of items) {
      const domain = item.trim().toLowerCase();
      if (domain && !domain.startsWith('#')) all.add(domain);
    }
  };
  add(ivolo as string[]);
  add(ivoloWildcards as string[]);
  add(disposableDomains as string[]);
  add(mailchecker.blacklist());
  add(emailBurnerList);
  for (const excluded of exclusions as string[]) all.delete(excluded);
  cache = all;
  return all;
}

/**
 * True when the domain or one of its parents down to the registrable domain is listed
 * (mailchecker's parent matching), unless the domain or a parent is on the allow-list.
 * Matching stops at the registrable domain so that a listed public suffix never flags the
 * whole registry.
 */
export function isDisposableDomain(domain: string, allowList: string[] = []): boolean {
  if (isAllowListed(domain, allowList)) return false;
  const set = disposableDomainSet();
  return parentChain(normalized(domain)).some((candidate) => set.has(candidate));
}

/** True when the domain or one of its parents down to the registrable domain is on the allow-list. */
export function isAllowListed(domain: string, allowList: string[]): boolean {
  if (allowList.length === 0) return false;
  const allowed = new Set(allowList.map(normalized));
  return parentChain(normalized(domain)).some((candidate) => allowed.has(candidate));
}

const normalized = (domain: string) => domain.toLowerCase().replace(/\.$/, '');

function parentChain(domain: string): string[] {
  const registrable = getDomain(domain, { allowPrivateDomains: true }) ?? domain;
  const labels = domain.split('.');
  const chain: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) {
    const candidate = labels.slice(i).join('.');
    chain.push(candidate);
    if (candidate === registrable) break;
  }
  return chain.length ? chain : [domain];
}

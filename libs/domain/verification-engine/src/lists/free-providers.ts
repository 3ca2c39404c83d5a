import allProviders from 'email-providers/all.json';
import { disposableDomainSet } from './disposable-domains';
import { reservedName } from './reserved-domains';

let cache: Set<string> | null = null;

/**
 * Free consumer mailbox providers: the `email-providers` package (8,760 domains at 2.26.0)
 * minus every domain on the disposable union, so that free and disposable stay separate
 * signals (that package mixes the two), and minus the reserved names (it lists example.com, which
 * can receive no mail at all).
 */
export function freeProviderSet(): Set<string> {
  if (cache) return cache;
  const disposable = disposableDomainSet();
  cache = new Set(
    (allProviders as string[]).map((d) => d.toLowerCase()).filter((d) => !disposable.has(d) && !reservedName(d)),
  );
  return cache;
}

export function isFreeProvider(domain: string): boolean {
  return freeProviderSet().has(domain.toLowerCase().replace(/\.$/, ''));
}

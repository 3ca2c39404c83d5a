import { DomainError } from '@lib/common';

const MAX_ORIGINS = 20;
// A leading "*." stands for any subdomain (not the bare domain): https://*.example.com.
const WILDCARD = '*.';

/**
 * A publishable key's origins as its owner lists them: scheme, host and port only (the form of a browser's
 * Origin header), http or https, at most 20. A path, query or credentials is refused rather than cut off,
 * so the owner learns that an origin is not a page address.
 */
export function requireOrigins(entries: string[]): string[] {
  if (entries.length === 0)
    throw new DomainError(
      'INVALID_KEY_ORIGIN',
      'A publishable key needs at least one origin, such as https://example.com.',
    );
  if (entries.length > MAX_ORIGINS)
    throw new DomainError('INVALID_KEY_ORIGIN', `A key lists at most ${MAX_ORIGINS} origins.`);
  return [...new Set(entries.map(requireOrigin))];
}

function requireOrigin(entry: string): string {
  const refuse = (why: string): never => {
    throw new DomainError('INVALID_KEY_ORIGIN', `Origin ${JSON.stringify(entry)} ${why}`);
  };
  if (typeof entry !== 'string' || entry.trim() === '') refuse('is empty.');
  const text = entry.trim();
  const wildcard = /^https?:\/\/\*\./i.test(text);
  let url: URL;
  try {
    url = new URL(wildcard ? text.replace(WILDCARD, 'wildcard.') : text);
  } catch {
    return refuse('is not a URL origin such as https://example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuse('must start with https:// or http://.');
  if (url.username || url.password) refuse('must not carry credentials.');
  if (!/^https?:\/\/[^/?#]+$/i.test(text))
    refuse('must be scheme, host and port only, with no path, query or fragment.');
  return wildcard ? url.origin.replace('//wildcard.', `//${WILDCARD}`) : url.origin;
}

/** Whether a browser's Origin header is one of a key's origins (a wildcard matches subdomains only). */
export function originAllowed(origin: string, allowed: string[]): boolean {
  let presented: URL;
  try {
    presented = new URL(origin);
  } catch {
    return false;
  }
  if (presented.origin !== origin.toLowerCase() && presented.origin !== origin) return false;
  return allowed.some((entry) => {
    if (!entry.includes(`//${WILDCARD}`)) return entry === presented.origin;
    const [scheme, rest] = entry.split(`//${WILDCARD}`);
    const suffix = `.${rest}`;
    const host = presented.host;
    return `${presented.protocol}` === scheme && host.endsWith(suffix) && host.length > suffix.length;
  });
}

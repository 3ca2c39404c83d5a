import { parse } from 'tldts';
import popularDomains from '../../data/popular-mail-domains.json';
import { isDisposableDomain } from '../lists/disposable-domains';
import { osaDistance, isShapePreservingTypo } from './string-distance';

const POPULAR: string[] = popularDomains;
const POPULAR_SET = new Set(POPULAR);
// TLDs that popular mailbox domains use, for fixing a mistyped suffix on an unknown domain.
const COMMON_TLDS = [
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'io',
  'co',
  'us',
  'uk',
  'co.uk',
  'de',
  'fr',
  'it',
  'es',
  'nl',
  'be',
  'ch',
  'at',
  'ca',
  'au',
  'com.au',
  'ru',
  'pl',
  'br',
  'com.br',
  'in',
  'jp',
  'cn',
  'info',
  'biz',
  'me',
];

/**
 * Did-you-mean for mistyped domains. The address may be otherwise valid; a correct popular
 * domain never gets a suggestion. Domain names of up to 5 characters before the suffix only
 * accept one insertion, deletion or transposition, because one substitution there often lands
 * on another real domain (live.com / love.com) - unless the typed domain is on the disposable
 * lists: those carry typo-squatting domains (gnail.com) precisely because they catch mistyped
 * mail, so a one-edit neighbour of a popular domain there is a typo, and the address keeps its
 * `disposable` verdict besides.
 */
export function suggestCorrection(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at <= 0) return null;
  const local = email.trim().slice(0, at);
  const domain = email
    .trim()
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  if (!domain || POPULAR_SET.has(domain)) return null;
  const corrected = correctedDomain(domain);
  return corrected && corrected !== domain ? `${local}@${corrected}` : null;
}

// A list holds many addresses per domain: the edit distances to every popular domain are worked out
// once per domain. Bounded, and simply emptied when full (a list's domains repeat close together).
const CORRECTIONS_KEPT = 10_000;
const corrections = new Map<string, string | null>();

function correctedDomain(domain: string): string | null {
  let corrected = corrections.get(domain);
  if (corrected !== undefined) return corrected;
  corrected = closestPopular(domain) ?? fixSuffix(domain);
  if (corrections.size >= CORRECTIONS_KEPT) corrections.clear();
  corrections.set(domain, corrected);
  return corrected;
}

function closestPopular(domain: string): string | null {
  const name = domain.split('.')[0];
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of POPULAR) {
    // Suggestions are at most two edits away, so longer length gaps cannot qualify.
    if (Math.abs(candidate.length - domain.length) > 2) continue;
    const distance = osaDistance(domain, candidate);
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best || best.distance === 0) return null;
  if (name.length <= 5)
    return isShapePreservingTypo(domain, best.candidate) || (best.distance === 1 && isDisposableDomain(domain))
      ? best.candidate
      : null;
  return best.distance <= (name.length >= 8 ? 2 : 1) ? best.candidate : null;
}

function fixSuffix(domain: string): string | null {
  const info = parse(domain, { allowPrivateDomains: false });
  if (info.isIcann) return null;
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  const suffix = labels[labels.length - 1];
  let best: { tld: string; distance: number } | null = null;
  for (const tld of COMMON_TLDS) {
    const distance = osaDistance(suffix, tld);
    if (!best || distance < best.distance) best = { tld, distance };
  }
  if (!best || best.distance > 1) return null;
  return [...labels.slice(0, -1), best.tld].join('.');
}

import { foldToAscii } from './transliterate';

// Titles people put before a name; they never appear in a mailbox name.
const HONORIFICS = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'professor',
  'sir',
  'dame',
  'lord',
  'lady',
  'rev',
  'revd',
  'fr',
  'hon',
  'herr',
  'frau',
  'mme',
  'mlle',
  'dott',
  'dottssa',
  'ing',
  'mag',
  'sig',
  'sra',
  'srta',
]);

// Generational and professional suffixes after a surname. "v" is left out: it is more often an initial.
const SUFFIXES = new Set([
  'jr',
  'jnr',
  'sr',
  'snr',
  'ii',
  'iii',
  'iv',
  'phd',
  'md',
  'esq',
  'mba',
  'cpa',
  'dds',
  'jd',
  'obe',
  'mbe',
  'cbe',
  'rn',
  'pe',
  'msc',
  'bsc',
]);

// Surname particles: mailbox names use the surname both with them (vanderberg) and without (berg).
const PARTICLES = new Set([
  'van',
  'von',
  'vom',
  'de',
  'der',
  'den',
  'del',
  'della',
  'dela',
  'di',
  'da',
  'das',
  'do',
  'dos',
  'du',
  'des',
  'le',
  'la',
  'lo',
  'los',
  'las',
  'el',
  'al',
  'ten',
  'ter',
  'te',
  'zu',
  'zum',
  'zur',
  'bin',
  'ibn',
  'y',
  'e',
  'st',
]);

const APOSTROPHES = /['’‘`´ʼʻ]/g;
const DASHES = /[‐‑‒–—―]/g;

/**
 * Splits a raw name field into lower-case words: apostrophes vanish (O'Brien -> obrien), dots and
 * commas separate (Smith, Jr. -> smith jr), a parenthesised nickname is dropped, hyphens stay inside
 * a word so that double-barrelled names can be varied later.
 */
export function splitWords(raw: string): string[] {
  return (
    raw
      .normalize('NFC')
      .toLowerCase()
      .replace(/\([^)]*\)/g, ' ')
      .replace(APOSTROPHES, '')
      .replace(DASHES, '-')
      .replace(/[.,;:/\\"]+/g, ' ')
      // Digits and symbols are never part of a mailbox name derived from a person's name.
      .replace(/[^\p{L}\p{M}\s-]/gu, '')
      .split(/\s+/)
      .map((word) => word.replace(/^-+|-+$/g, '').replace(/-{2,}/g, '-'))
      .filter((word) => word.length > 0)
  );
}

const key = (word: string) => foldToAscii(word);

/** Drops leading titles (Dr. John -> john) but never the last remaining word. */
export function withoutHonorifics(words: string[]): string[] {
  let start = 0;
  while (start < words.length - 1 && HONORIFICS.has(key(words[start]))) start++;
  return words.slice(start);
}

/** Drops trailing suffixes (Smith Jr. -> smith, King III -> king) but never the first word. */
export function withoutSuffixes(words: string[]): string[] {
  let end = words.length;
  while (end > 1 && SUFFIXES.has(key(words[end - 1]))) end--;
  return words.slice(0, end);
}

export function isParticle(word: string): boolean {
  return PARTICLES.has(key(word));
}

/** Whether the word is a generational or professional suffix (used when a surname field holds only one). */
export function isSuffix(word: string): boolean {
  return SUFFIXES.has(key(word));
}

import { patternShare, type PatternName } from '../candidates/email-patterns';

/** A mailbox format a domain is known to use, learned from earlier addresses found on it. */
export interface DomainFormat {
  pattern: PatternName;
  /** Share of the evidence pointing at this pattern, 0..1 (see inferDomainFormats). */
  strength: number;
  /** How many known addresses on the domain fit this pattern. */
  support: number;
}

/**
 * How likely it is, 0..1, that the domain's people get addresses in `pattern`:
 *
 *   belief = s(pattern) + (1 - S) * share(pattern) / 100
 *
 * where s is the pattern's evidence strength on this domain, S the sum of all strengths, and share
 * the documented prior. With no evidence it is the prior alone; evidence moves belief towards the
 * patterns it supports and the remaining (1 - S) keeps room for formats not seen yet. It stays
 * within 0..1 because the strengths sum to at most 1.
 */
export function patternBelief(pattern: PatternName, formats: readonly DomainFormat[]): number {
  const total = formats.reduce((sum, format) => sum + format.strength, 0);
  const own = formats.find((format) => format.pattern === pattern)?.strength ?? 0;
  return own + Math.max(0, 1 - total) * (patternShare(pattern) / 100);
}

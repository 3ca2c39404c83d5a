import { CONVENTIONAL_DIGRAPHS, CYRILLIC, GREEK, LATIN_SPECIALS } from './script-tables';

/** One way to write a name part in a mailbox, with how likely it is relative to the main one (0..1). */
export interface Spelling {
  value: string;
  weight: number;
  /** Written with the digraph convention (mueller); a person uses one convention throughout. */
  digraph: boolean;
}

/** Relative likelihood of the digraph spelling (mueller) against the folded one (muller): an estimate. */
export const DIGRAPH_SPELLING_WEIGHT = 0.7;

function mapChars(text: string, table: Record<string, string>): string {
  let out = '';
  for (const ch of text) out += table[ch] ?? ch;
  return out;
}

/**
 * The plain ASCII form of a lower-case word: José -> jose, Müller -> muller, Łukasz -> lukasz,
 * Дмитрий -> dmitriy. Characters with no Latin form survive unchanged so callers can detect them.
 */
export function foldToAscii(word: string): string {
  // NFC first so that decomposed input (u + combining diaeresis) hits the tables like composed input.
  const composed = word.normalize('NFC').toLowerCase();
  const romanised = mapChars(mapChars(mapChars(composed, LATIN_SPECIALS), CYRILLIC), GREEK);
  return romanised.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** The digraph spelling (Müller -> mueller, Øster -> oester), or null when it equals the folded one. */
export function digraphSpelling(word: string): string | null {
  const composed = word.normalize('NFC').toLowerCase();
  const digraphs = foldToAscii(mapChars(composed, CONVENTIONAL_DIGRAPHS));
  return digraphs === foldToAscii(word) ? null : digraphs;
}

/** Every ASCII spelling of a word worth trying, most likely first. */
export function spellingsOf(word: string, weight = 1): Spelling[] {
  const spellings: Spelling[] = [{ value: foldToAscii(word), weight, digraph: false }];
  const digraphs = digraphSpelling(word);
  if (digraphs) spellings.push({ value: digraphs, weight: weight * DIGRAPH_SPELLING_WEIGHT, digraph: true });
  return spellings;
}

/** Whether a folded word is entirely local-part-safe ASCII: letters, digits and inner hyphens. */
export function isAsciiName(folded: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(folded);
}

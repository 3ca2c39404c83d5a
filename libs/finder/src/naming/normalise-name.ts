import { givenNameForms } from './given-name-variants';
import { isParticle, isSuffix, splitWords, withoutHonorifics, withoutSuffixes } from './name-words';
import { describeScript } from './script-tables';
import { surnameForms, type NameForm } from './surname-variants';
import { foldToAscii, isAsciiName, spellingsOf, type Spelling } from './transliterate';

/** A person's name as the ASCII spellings a mailbox name could use, most likely first. */
export interface PersonName {
  first: Spelling[];
  /** Initial of the first middle name (John F. Kennedy -> "f"), used by the f.m.last style patterns. */
  middleInitial: string | null;
  /** Empty when no last name was given: only patterns that need no last name apply then. */
  last: Spelling[];
}

export type NameRejectionReason = 'missing_first_name' | 'untransliterable_script';

export interface NameRejection {
  reason: NameRejectionReason;
  field: 'firstName' | 'lastName';
  message: string;
}

export type NameNormalisation = { ok: true; name: PersonName } | { ok: false; rejection: NameRejection };

/** Enough spellings for the realistic cases (joined/first part x folded/digraph) without a combinatorial blow-up. */
const MAX_SPELLINGS = 4;

function spellingsOfForms(forms: NameForm[]): Spelling[] {
  const best = new Map<string, Spelling>();
  for (const form of forms) {
    for (const spelling of spellingsOf(form.text, form.weight)) {
      const existing = best.get(spelling.value);
      if (!existing || existing.weight < spelling.weight) best.set(spelling.value, spelling);
    }
  }
  return [...best.values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_SPELLINGS);
}

function untransliterable(words: string[], field: NameRejection['field']): NameRejection | null {
  const word = words.find((w) => !isAsciiName(foldToAscii(w)));
  if (word === undefined) return null;
  const script = describeScript(word);
  return {
    reason: 'untransliterable_script',
    field,
    message: `${field} is written in ${script}, which has no single accepted romanisation, so no mailbox name can be derived from it`,
  };
}

function splitFields(firstName: string, lastName: string | null | undefined): { given: string[]; family: string[] } {
  let family = withoutSuffixes(splitWords(lastName ?? ''));
  if (family.length === 1 && isSuffix(family[0])) family = [];
  const given = withoutSuffixes(withoutHonorifics(splitWords(firstName)));
  // "Ludwig van" + "Beethoven": a trailing particle in the given-name field belongs to the surname.
  while (family.length > 0 && given.length > 1 && isParticle(given[given.length - 1])) {
    family.unshift(given.pop() as string);
  }
  return { given, family };
}

/**
 * Normalises a person's name into the spellings a corporate mailbox may use: case, diacritics
 * (José -> jose; Müller -> muller and mueller), apostrophes, titles and suffixes, hyphenated and
 * particle surnames, middle names. Rejects a name written in a script with no accepted romanisation.
 */
export function normaliseName(firstName: string, lastName?: string | null): NameNormalisation {
  const { given, family } = splitFields(firstName, lastName);
  if (given.length === 0) {
    return { ok: false, rejection: { reason: 'missing_first_name', field: 'firstName', message: 'firstName has no letters' } };
  }
  const rejection = untransliterable(given, 'firstName') ?? untransliterable(family, 'lastName');
  if (rejection) return { ok: false, rejection };
  return {
    ok: true,
    name: {
      first: spellingsOfForms(givenNameForms(given)),
      middleInitial: given.length > 1 ? foldToAscii(given[1]).charAt(0) : null,
      last: family.length > 0 ? spellingsOfForms(surnameForms(family)) : [],
    },
  };
}

import { splitFullName, type NameParts } from './full-name';
import { givenNameForms, nicknameForms } from './given-name-variants';
import { isParticle, isSuffix, splitWords, withoutHonorifics, withoutSuffixes } from './name-words';
import { describeScript } from './script-tables';
import { surnameForms, type NameForm } from './surname-variants';
import { foldToAscii, isAsciiName, spellingsOf, type Spelling } from './transliterate';

/** A person's name as the ASCII spellings a mailbox name could use, most likely first. */
export interface PersonName {
  /** Empty when only a family name is known (no firstName): only the patterns that need no given name apply then. */
  first: Spelling[];
  /**
   * Nickname alternates of the given name (Michael -> mike, Mike -> michael), each less likely than
   * every `first` spelling. Kept apart so they never take an own spelling's place; generateCandidates
   * decides how many of them are tried.
   */
  nicknames: Spelling[];
  /** Initial of the first middle name (John F. Kennedy -> "f"), used by the f.m.last style patterns. */
  middleInitial: string | null;
  /** Empty when no family name is known (no lastName, one-word firstName): only patterns that need none apply then. Never empty together with `first`. */
  last: Spelling[];
}

export type NameRejectionReason = 'missing_first_name' | 'missing_last_name' | 'untransliterable_script';

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
  return [...best.values()].sort((a, b) => b.weight - a.weight).slice(0, MAX_SPELLINGS);
}

/** Nickname alternates per person: room for will and bill, no more. */
const MAX_NICKNAME_SPELLINGS = 2;

function nicknameSpellings(given: string[], own: readonly Spelling[]): Spelling[] {
  const taken = new Set(own.map((spelling) => spelling.value));
  return spellingsOfForms(nicknameForms(given))
    .filter((spelling) => !taken.has(spelling.value))
    .slice(0, MAX_NICKNAME_SPELLINGS);
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

/** The given and family words, and the field the family name was read from (for rejections). */
function splitFields(
  firstName: string | null,
  lastName: string | null | undefined,
): NameParts & { familyField: NameRejection['field'] } {
  let family = withoutSuffixes(splitWords(lastName ?? ''));
  if (family.length === 1 && isSuffix(family[0])) family = [];
  // A surname field is read as a surname, never split: "van der Berg" is one family name.
  if (firstName === null) return { given: [], family, familyField: 'lastName' };
  // Without a last name, a first name of two or more words is far more often a whole name from a
  // CRM or CSV export than a compound given name (docs/finder.md, "Names").
  if (family.length === 0) return { ...splitFullName(firstName), familyField: 'firstName' };
  const given = withoutSuffixes(withoutHonorifics(splitWords(firstName)));
  // "Ludwig van" + "Beethoven": a trailing particle in the given-name field belongs to the surname.
  while (given.length > 1 && isParticle(given[given.length - 1])) {
    family.unshift(given.pop() as string);
  }
  return { given, family, familyField: 'lastName' };
}

/**
 * Normalises a person's name into the spellings a corporate mailbox may use: case, diacritics
 * (José -> jose; Müller -> muller and mueller), apostrophes, titles and suffixes, hyphenated and
 * particle surnames, middle names, a whole name typed into firstName when there is no lastName
 * (splitFullName), and nickname alternates of the given name (Michael -> mike) after its own
 * spellings. A null firstName means only the family name is known. Rejects a sent name that holds
 * no usable word, and a name written in a script with no accepted romanisation.
 */
export function normaliseName(firstName: string | null, lastName?: string | null): NameNormalisation {
  const sentFirst = firstName !== null && firstName.trim() !== '' ? firstName : null;
  const { given, family, familyField } = splitFields(sentFirst, lastName);
  if (sentFirst !== null && given.length === 0) {
    return {
      ok: false,
      rejection: { reason: 'missing_first_name', field: 'firstName', message: 'firstName has no letters' },
    };
  }
  if (sentFirst === null && family.length === 0) {
    return {
      ok: false,
      rejection: {
        reason: 'missing_last_name',
        field: 'lastName',
        message: 'no usable name: there is no firstName and lastName holds no name (only a suffix or symbols)',
      },
    };
  }
  const rejection = untransliterable(given, 'firstName') ?? untransliterable(family, familyField);
  if (rejection) return { ok: false, rejection };
  const first = given.length > 0 ? spellingsOfForms(givenNameForms(given)) : [];
  return {
    ok: true,
    name: {
      first,
      nicknames: given.length > 0 ? nicknameSpellings(given, first) : [],
      middleInitial: given.length > 1 ? foldToAscii(given[1]).charAt(0) : null,
      last: family.length > 0 ? spellingsOfForms(surnameForms(family)) : [],
    },
  };
}

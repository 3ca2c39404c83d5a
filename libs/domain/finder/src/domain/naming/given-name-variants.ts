import { NICKNAME_TABLE } from './nickname-table';
import type { NameForm } from './surname-variants';
import { foldToAscii } from './transliterate';

// Relative likelihoods of the reduced given-name forms: estimates. A compound given name written
// with a space (María José) is usually shortened to its first word, so joining it is a long shot.
// Nickname alternates sit below every own form (the least likely, spacedJoined, is 0.21 even as a
// digraph spelling), so for one format and surname the person's own spelling is always tried first.
// Mailboxes are mostly created from HR's legal name while CRMs hold the name people go by, hence
// Mike -> michael (formalName) ranks above Michael -> mike (shortForm).
export const GIVEN_NAME_FORM_WEIGHTS = {
  whole: 1,
  firstPart: 0.7,
  hyphenKept: 0.4,
  spacedJoined: 0.3,
  formalName: 0.15,
  shortForm: 0.1,
} as const;

/**
 * The given-name forms to try, most likely first: "Jean-Luc" -> jeanluc, jean, jean-luc;
 * "María José" -> maria, mariajose (the second word also counts as a middle name).
 */
export function givenNameForms(words: string[]): NameForm[] {
  const [first, second] = words;
  const parts = first.split('-');
  const forms: NameForm[] = [{ text: parts.join(''), weight: GIVEN_NAME_FORM_WEIGHTS.whole }];
  if (parts.length > 1) {
    forms.push({ text: parts[0], weight: GIVEN_NAME_FORM_WEIGHTS.firstPart });
    forms.push({ text: first, weight: GIVEN_NAME_FORM_WEIGHTS.hyphenKept });
  }
  // A one-letter second word is an initial (John F.), not half of a compound given name.
  if (second !== undefined && second.replace(/-/g, '').length > 1) {
    forms.push({ text: parts.join('') + second.replace(/-/g, ''), weight: GIVEN_NAME_FORM_WEIGHTS.spacedJoined });
  }
  return forms;
}

const SHORT_FORMS = new Map<string, readonly string[]>(NICKNAME_TABLE);
const FORMAL_NAMES = new Map<string, string[]>();
for (const [formal, shortForms] of NICKNAME_TABLE) {
  for (const short of shortForms) FORMAL_NAMES.set(short, [...(FORMAL_NAMES.get(short) ?? []), formal]);
}

/**
 * Nickname alternates of the first given name, likeliest first: "Mike" -> michael,
 * "William" -> will, bill (see nickname-table.ts). Empty for names not in the table.
 */
export function nicknameForms(words: string[]): NameForm[] {
  const name = foldToAscii(words[0]);
  return [
    ...(FORMAL_NAMES.get(name) ?? []).map((text) => ({ text, weight: GIVEN_NAME_FORM_WEIGHTS.formalName })),
    ...(SHORT_FORMS.get(name) ?? []).map((text) => ({ text, weight: GIVEN_NAME_FORM_WEIGHTS.shortForm })),
  ];
}

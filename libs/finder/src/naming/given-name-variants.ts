import type { NameForm } from './surname-variants';

// Relative likelihoods of the reduced given-name forms: estimates. A compound given name written
// with a space (María José) is usually shortened to its first word, so joining it is a long shot.
export const GIVEN_NAME_FORM_WEIGHTS = {
  whole: 1,
  firstPart: 0.7,
  hyphenKept: 0.4,
  spacedJoined: 0.3,
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

import { isParticle, isSuffix, splitWords, withoutHonorifics, withoutSuffixes } from './name-words';

/** A name split into the words of its given names and of its family name (empty when unknown). */
export interface NameParts {
  given: string[];
  family: string[];
}

const cleaned = (raw: string) => withoutSuffixes(withoutHonorifics(splitWords(raw)));

/** "Doe, Jane": a comma after the family name, unless all that follows it is a suffix (Jane Doe, PhD). */
function familyFirst(raw: string): NameParts | null {
  const comma = raw.indexOf(',');
  if (comma < 0) return null;
  const family = cleaned(raw.slice(0, comma));
  const given = cleaned(raw.slice(comma + 1));
  // withoutSuffixes keeps a lone suffix, so a single suffix word is what "only suffixes" leaves.
  const onlySuffix = given.length === 1 && isSuffix(given[0]);
  if (family.length === 0 || given.length === 0 || onlySuffix) return null;
  return { given, family };
}

/**
 * Reads a whole name typed into the first-name field: "Jane Doe", "Dr. Anna van der Berg" (family
 * name van der Berg: the last word, extended leftwards over particles), "Doe, Jane". One word stays
 * a given name with no family name. Ambiguous by nature: "María José" becomes given María, family
 * José; see docs/finder.md for why that reading is the right default.
 */
export function splitFullName(raw: string): NameParts {
  const inverted = familyFirst(raw);
  if (inverted) return inverted;
  const given = cleaned(raw);
  if (given.length < 2) return { given, family: [] };
  const family = [given.pop() as string];
  while (given.length > 1 && isParticle(given[given.length - 1])) family.unshift(given.pop() as string);
  return { given, family };
}

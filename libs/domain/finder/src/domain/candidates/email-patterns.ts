/**
 * The corporate mailbox formats the finder tries, with the prior used to order them: the share of
 * corporate domains using each format, in percent.
 *
 * Source for the first ten rows: the prevalence table in /work/shared/research/finder-bulk-anchors.md
 * section 1.4 ("Overall" column), itself from unattributed code whose data source is undisclosed, so
 * it is used only as an ordering prior. The shares add up to a little over 100 as published. Rows
 * marked "estimate" are not in any source: they are small guesses placed below every sourced row,
 * following the order of the open-source permutators cited in section 1.3.
 */
export const EMAIL_PATTERNS = [
  { name: 'first.last', template: '{first}.{last}', share: 36.1 },
  { name: 'flast', template: '{f}{last}', share: 33.7 },
  { name: 'first', template: '{first}', share: 18.2 },
  { name: 'firstl', template: '{first}{l}', share: 2.8 },
  { name: 'firstlast', template: '{first}{last}', share: 2.2 },
  { name: 'last.first', template: '{last}.{first}', share: 1.9 },
  { name: 'first_last', template: '{first}_{last}', share: 1.85 },
  { name: 'f.last', template: '{f}.{last}', share: 1.55 },
  { name: 'lastf', template: '{last}{f}', share: 1.5 },
  { name: 'last', template: '{last}', share: 1.3 },
  { name: 'first-last', template: '{first}-{last}', share: 0.5 }, // estimate
  { name: 'first.l', template: '{first}.{l}', share: 0.4 }, // estimate
  { name: 'lastfirst', template: '{last}{first}', share: 0.4 }, // estimate
  { name: 'fmlast', template: '{f}{m}{last}', share: 0.3 }, // estimate
  { name: 'f_last', template: '{f}_{last}', share: 0.3 }, // estimate
  { name: 'first.m.last', template: '{first}.{m}.{last}', share: 0.2 }, // estimate
  { name: 'last_first', template: '{last}_{first}', share: 0.2 }, // estimate
  { name: 'last.f', template: '{last}.{f}', share: 0.2 }, // estimate
] as const;

export type PatternName = (typeof EMAIL_PATTERNS)[number]['name'];

export const PATTERN_NAMES: readonly PatternName[] = EMAIL_PATTERNS.map((p) => p.name);

/**
 * The formats every lookup must be able to reach with the person's own spelling (the default candidate
 * cap is sized for them): the ten sourced rows and first-last, the commonest separator variant no
 * source gives a share for. The pattern table of `npm run bench:finder` measures each of them.
 */
export const COMMON_PATTERNS: readonly PatternName[] = [
  'first.last',
  'flast',
  'first',
  'firstl',
  'firstlast',
  'last.first',
  'first_last',
  'f.last',
  'lastf',
  'last',
  'first-last',
];

/** The values a template can refer to: first/last are whole name spellings, f/l/m are initials. */
export interface PatternFields {
  first: string | null;
  last: string | null;
  middleInitial: string | null;
}

const PLACEHOLDER = /\{(first|last|f|l|m)\}/g;

export function isPatternName(name: string): name is PatternName {
  return (PATTERN_NAMES as readonly string[]).includes(name);
}

/** The documented share (percent) of corporate domains using the pattern. */
export function patternShare(name: PatternName): number {
  return EMAIL_PATTERNS.find((p) => p.name === name)?.share ?? 0;
}

/** The name parts a contact has. */
export interface NameParts {
  first: boolean;
  last: boolean;
}

/**
 * Whether the pattern can be rendered from these name parts: without a last name only "first",
 * without a first name only "last" (every other format holds a given name or its initial).
 */
export function rendersWith(name: PatternName, parts: NameParts): boolean {
  const template = EMAIL_PATTERNS.find((p) => p.name === name)?.template ?? '';
  const needsFirst = template.includes('{first}') || template.includes('{f}') || template.includes('{m}');
  const needsLast = template.includes('{last}') || template.includes('{l}');
  return (parts.first || !needsFirst) && (parts.last || !needsLast);
}

/** The local part the pattern gives for these fields, or null when a field it needs is missing. */
export function renderPattern(name: PatternName, fields: PatternFields): string | null {
  const template = EMAIL_PATTERNS.find((p) => p.name === name)?.template ?? '';
  let missing = false;
  const rendered = template.replace(PLACEHOLDER, (_, field: string) => {
    const value = fieldValue(field, fields);
    if (!value) missing = true;
    return value ?? '';
  });
  return missing ? null : rendered;
}

function fieldValue(field: string, { first, last, middleInitial }: PatternFields): string | null {
  switch (field) {
    case 'first':
      return first;
    case 'f':
      return first ? first.charAt(0) : null;
    case 'last':
      return last;
    case 'l':
      return last ? last.charAt(0) : null;
    default:
      return middleInitial;
  }
}

import { EVIDENCE_FIELDS, type PublicVerdict } from '@lib/verification';
import { type RowVerdict } from '../domain/verification-job.events';
import { RESULT_COLUMNS } from './result-column-names';
import { InvalidResultColumnsError } from '@lib/jobs';

export { RESULT_COLUMNS };

// Each listed column is a public verdict field, recorded in RowVerdict: a name that is not fails to compile here.
const everyColumnRecorded: readonly (keyof PublicVerdict & keyof RowVerdict)[] = RESULT_COLUMNS;
void everyColumnRecorded;

// A public verdict field missing from RESULT_COLUMNS fails to compile here: it would never reach a download.
const everyPublicField: Exclude<keyof PublicVerdict, (typeof RESULT_COLUMNS)[number]> extends never ? true : never =
  true;
void everyPublicField;

/**
 * Every column a row result stores, in stored order: the result columns, then the evidence
 * (MX host and address, SMTP code, enhanced code and reply text), which a download only carries
 * when `columns` names it.
 */
export const STORED_COLUMNS = [...RESULT_COLUMNS, ...EVIDENCE_FIELDS] as const;

export type ResultColumn = (typeof STORED_COLUMNS)[number];

const BY_LOWERCASE = new Map<string, ResultColumn>(STORED_COLUMNS.map((name) => [name.toLowerCase(), name]));

/**
 * Parses the download's `columns` query parameter.
 * Format: a comma-separated list of result column names, case-insensitive, spaces around
 * names ignored, in the order the columns should appear; repeated names count once.
 * Absent, empty or `all` means every result column in the default order (evidence columns only
 * when named); `none` (alone) means
 * the original file without result columns. Anything else throws
 * `InvalidResultColumnsError` listing the valid names.
 */
export function parseResultColumns(param: string | undefined): ResultColumn[] {
  const names = (param ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const lower = names.map((name) => name.toLowerCase());
  const unknown = names.filter((name, k) => !BY_LOWERCASE.has(lower[k]) && lower[k] !== 'all' && lower[k] !== 'none');
  if (unknown.length > 0) throw new InvalidResultColumnsError([...new Set(unknown)], STORED_COLUMNS);
  if (lower.includes('none')) {
    if (lower.some((name) => name !== 'none'))
      throw new InvalidResultColumnsError(['none (with other names)'], STORED_COLUMNS);
    return [];
  }
  if (lower.length === 0) return [...RESULT_COLUMNS];
  // `all` stands for the result columns where it is written, so `all,smtpReply` adds the evidence after them.
  return [
    ...new Set(
      lower.flatMap((name): ResultColumn[] => (name === 'all' ? [...RESULT_COLUMNS] : [BY_LOWERCASE.get(name)!])),
    ),
  ];
}

import { InvalidResultColumnsError } from './csv-errors';

/** Result columns appended at download, in their default order (all of them). */
export const RESULT_COLUMNS = [
  'result', 'resultCode', 'subResult', 'quality', 'free', 'role', 'disposable', 'catchAll',
  'didYouMean', 'provider', 'antiSpam', 'riskScore',
] as const;

export type ResultColumn = (typeof RESULT_COLUMNS)[number];

const BY_LOWERCASE = new Map<string, ResultColumn>(RESULT_COLUMNS.map((name) => [name.toLowerCase(), name]));

/**
 * Parses the download's `columns` query parameter.
 * Format: a comma-separated list of result column names, case-insensitive, spaces around
 * names ignored, in the order the columns should appear; repeated names count once.
 * Absent, empty or `all` means every column in the default order; `none` (alone) means
 * the original file without result columns. Anything else throws
 * `InvalidResultColumnsError` listing the valid names.
 */
export function parseResultColumns(param: string | undefined): ResultColumn[] {
  const names = (param ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const lower = names.map((name) => name.toLowerCase());
  const unknown = names.filter((name, k) => !BY_LOWERCASE.has(lower[k]) && lower[k] !== 'all' && lower[k] !== 'none');
  if (unknown.length > 0) throw new InvalidResultColumnsError([...new Set(unknown)], RESULT_COLUMNS);
  if (lower.includes('none')) {
    if (lower.some((name) => name !== 'none')) throw new InvalidResultColumnsError(['none (with other names)'], RESULT_COLUMNS);
    return [];
  }
  if (lower.length === 0 || lower.includes('all')) return [...RESULT_COLUMNS];
  return [...new Set(lower.map((name) => BY_LOWERCASE.get(name)!))];
}

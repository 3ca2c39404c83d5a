import { columnCount, columnShare, looksLikeEmail } from './cell-patterns';
import { isKnownHeaderName } from './header-names';

export interface HeaderDetection {
  hasHeader: boolean;
  reason: 'empty' | 'email_in_first_row' | 'known_column_name' | 'emails_below' | 'numbers_below' | 'no_evidence';
}

const MOSTLY = 0.5;

/**
 * Is `rows[0]` a header? Judged against the rows below it (pass a sample, e.g. the first
 * 100 records). Evidence, strongest first: an address in the first row means data; a known
 * column name (email, first name, domain ...) means header; a column whose values below are
 * mostly addresses or numbers while its first cell is not, means header. Without evidence
 * the first row is data, so no address is ever silently dropped.
 */
export function detectHeader(rows: readonly string[][]): HeaderDetection {
  const [first, ...below] = rows;
  if (!first) return { hasHeader: false, reason: 'empty' };
  if (first.some(looksLikeEmail)) return { hasHeader: false, reason: 'email_in_first_row' };
  if (first.some(isKnownHeaderName)) return { hasHeader: true, reason: 'known_column_name' };
  const columns = columnCount(below);
  for (let column = 0; column < columns; column++) {
    if (!first[column]?.trim()) continue;
    if (columnShare(below, column, looksLikeEmail) >= MOSTLY) return { hasHeader: true, reason: 'emails_below' };
  }
  for (let column = 0; column < columns; column++) {
    const cell = first[column]?.trim();
    if (!cell || isNumeric(cell)) continue;
    if (columnShare(below, column, isNumeric) >= MOSTLY) return { hasHeader: true, reason: 'numbers_below' };
  }
  return { hasHeader: false, reason: 'no_evidence' };
}

function isNumeric(cell: string): boolean {
  return /^[-+]?\d+(?:[.,]\d+)?$/.test(cell.trim());
}

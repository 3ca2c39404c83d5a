import { CsvDelimiter } from './csv-record';

// Spreadsheets evaluate cells starting with these (OWASP "CSV injection"); TAB and CR too,
// because some apps strip them and then evaluate what follows.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Defuses a value WE add to a user's file (a didYouMean or provider string can echo
 * attacker-chosen text) by prefixing an apostrophe, which spreadsheets show as text.
 * Never applied to the user's own columns: those come back byte for byte. Our numeric
 * columns are never negative, so no real value is altered.
 */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting, only when needed: the value holds the delimiter, a quote, CR or LF. */
export function formatCsvField(value: string, delimiter: CsvDelimiter): string {
  const needsQuotes = value.includes(delimiter) || value.includes('"') || value.includes('\n') || value.includes('\r');
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

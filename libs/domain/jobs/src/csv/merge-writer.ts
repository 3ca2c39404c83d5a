import { CsvDelimiter, CsvLineTerminator, CsvRecord } from './csv-record';
import { formatCsvField, neutralizeFormula } from './csv-field-format';

export interface MergeOptions {
  /**
   * Column count of the file (the header's, or the widest sample row). Shorter rows are
   * padded with empty cells so result columns line up; the original bytes stay untouched.
   */
  columnCount?: number;
}

/**
 * A row for the download: the record's original text byte for byte, then the result
 * values in the file's delimiter, quoted only when needed and defused against formula
 * injection, then the record's own line terminator (none after a last line that had none).
 */
export function formatResultRow(
  record: CsvRecord,
  resultValues: readonly string[],
  delimiter: CsvDelimiter,
  options: MergeOptions = {},
): string {
  return record.raw + appended(record.fields.length, resultValues, delimiter, options) + record.lineTerminator;
}

/**
 * The header line for the download. With the file's header record, its original text is
 * kept and the result column names appended. For a file without a header, pass undefined:
 * the line then has one empty name per original column, so results are labelled without
 * renaming anything; `lineTerminator` is used for it (the file's first record's).
 */
export function formatResultHeader(
  headerRecord: CsvRecord | undefined,
  columnNames: readonly string[],
  delimiter: CsvDelimiter,
  options: MergeOptions & { lineTerminator?: CsvLineTerminator } = {},
): string {
  if (headerRecord) return formatResultRow(headerRecord, columnNames, delimiter, options);
  const width = Math.max(options.columnCount ?? 1, 1);
  const line = delimiter.repeat(width - 1) + appended(width, columnNames, delimiter, {});
  return line + (options.lineTerminator || '\n');
}

function appended(
  fieldCount: number,
  values: readonly string[],
  delimiter: CsvDelimiter,
  options: MergeOptions,
): string {
  if (values.length === 0) return '';
  const padding = delimiter.repeat(Math.max((options.columnCount ?? 0) - fieldCount, 0));
  return padding + values.map((value) => delimiter + formatCsvField(neutralizeFormula(value), delimiter)).join('');
}

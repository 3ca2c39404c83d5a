export type CsvDelimiter = ',' | ';' | '\t';
export type CsvLineTerminator = '\r\n' | '\n' | '\r' | '';

export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t'];

/** Written back first at download when the upload started with one (`CsvRecordReader.hasBom`). */
export const UTF8_BOM = '\uFEFF';

/**
 * One non-empty record of the file.
 * `index` counts yielded records from 0 (a header row, when there is one, is index 0);
 * empty lines are skipped and do not consume an index, so `index` is stable for any
 * re-read of the same file, while `line` is the physical line users see in an editor.
 */
export interface CsvRecord {
  readonly index: number;
  /** 1-based physical line where the record starts (quoted newlines make records span lines). */
  readonly line: number;
  readonly fields: string[];
  /** The exact original text without the line terminator (and without the BOM on record 0). */
  readonly raw: string;
  /** '' only for a last record that ends at end of file. */
  readonly lineTerminator: CsvLineTerminator;
}

export interface CsvReaderOptions {
  /** Skip delimiter detection. */
  delimiter?: CsvDelimiter;
  /** Largest single field in bytes (quotes included). */
  maxFieldBytes?: number;
  /** Largest record in bytes, terminator excluded; also bounds what is buffered between chunks. */
  maxRecordBytes?: number;
  /** Invalid UTF-8 sequences tolerated in the whole file (each becomes U+FFFD in `raw`/`fields`). */
  maxInvalidUtf8Sequences?: number;
  /** Yield zero-length lines instead of skipping them (for exact whole-file reproduction). */
  keepEmptyLines?: boolean;
}

export const CSV_DEFAULTS = {
  maxFieldBytes: 64 * 1024,
  maxRecordBytes: 1024 * 1024,
  maxInvalidUtf8Sequences: 8,
  /** Bytes buffered before the delimiter is chosen; enough for many rows of a typical list. */
  sampleBytes: 64 * 1024,
} as const;

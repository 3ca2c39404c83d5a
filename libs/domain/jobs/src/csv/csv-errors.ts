import { describeByteSize } from '@lib/common';

/** Why an uploaded file cannot be read as CSV. The job layer maps every code to a 400. */
export type CsvFormatErrorCode =
  | 'UNTERMINATED_QUOTE'
  | 'BINARY_DATA'
  | 'INVALID_UTF8'
  | 'UNSUPPORTED_ENCODING'
  | 'FIELD_TOO_LARGE'
  | 'RECORD_TOO_LARGE';

/** The file is not CSV we can read; `line` is the 1-based physical line where the problem starts. */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';

  constructor(
    readonly code: CsvFormatErrorCode,
    readonly line: number,
    detail: string,
  ) {
    super(`${detail} (line ${line})`);
  }
}

/** More bytes arrived than the upload limit allows; raised before anything past the limit is read. */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';
  readonly code = 'PAYLOAD_TOO_LARGE';

  constructor(readonly maxBytes: number) {
    super(`The file is larger than the ${describeByteSize(maxBytes)} limit`);
  }
}

/** The download's `columns` parameter names columns we do not have, or mixes `none` with names. */
export class InvalidResultColumnsError extends Error {
  override readonly name = 'InvalidResultColumnsError';
  readonly code = 'INVALID_RESULT_COLUMNS';

  constructor(
    readonly invalid: readonly string[],
    readonly valid: readonly string[],
  ) {
    super(
      `Unknown result column${invalid.length === 1 ? '' : 's'}: ${invalid.join(', ')}. ` +
        `Valid columns: ${valid.join(', ')} (or 'all', or 'none' alone)`,
    );
  }
}

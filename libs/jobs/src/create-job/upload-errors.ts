import { DomainError } from '@lib/common';
import { CsvFormatError, PayloadTooLargeError } from '../csv';

/** Turns what the CSV reader and the byte limit raise into the public 4xx errors; anything else passes through. */
export function toUploadError(error: unknown, maxBytes: number): unknown {
  if ((error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') error = new PayloadTooLargeError(maxBytes);
  if (error instanceof PayloadTooLargeError)
    return new DomainError('FILE_TOO_LARGE', `${error.message}; nothing was stored.`);
  if (error instanceof CsvFormatError) {
    const hint = error.code === 'BINARY_DATA' ? ' Upload a CSV text file (a spreadsheet must be exported as CSV).' : '';
    return new DomainError('CSV_INVALID', `The file is not a readable CSV: ${error.message}.${hint}`);
  }
  return error;
}

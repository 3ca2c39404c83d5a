import { DomainError, describeByteSize } from '@lib/common';
import { CsvFormatError, PayloadTooLargeError } from '../csv';
import { SheetNotFoundError, XlsxUnreadableError } from '../upload-formats/xlsx/xlsx-as-csv';
import { ZipRefusedError } from '../upload-formats/xlsx/zip-bounds';

/** Turns what the CSV reader and the byte limit raise into the public 4xx errors; anything else passes through. */
export function toUploadError(error: unknown, maxBytes: number): unknown {
  if ((error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') error = new PayloadTooLargeError(maxBytes);
  if (error instanceof PayloadTooLargeError && error.maxBytes > maxBytes)
    return new DomainError(
      'FILE_TOO_LARGE',
      `Once converted to CSV, the file is larger than ${describeByteSize(error.maxBytes)}; nothing was stored. Split the list into smaller files.`,
    );
  if (error instanceof PayloadTooLargeError)
    return new DomainError('FILE_TOO_LARGE', `${error.message}; nothing was stored.`);
  if (error instanceof CsvFormatError) {
    const hint = error.code === 'BINARY_DATA' ? ' Upload a CSV or .txt text file, or an Excel workbook (.xlsx).' : '';
    return new DomainError('CSV_INVALID', `The file is not a readable CSV: ${error.message}.${hint}`);
  }
  if (error instanceof ZipRefusedError)
    return new DomainError(
      'SPREADSHEET_INVALID',
      `The file is a zip archive that cannot be read as an Excel workbook: ${error.message}. In Excel, save it as .xlsx again, or as "CSV UTF-8".`,
    );
  if (error instanceof XlsxUnreadableError)
    return new DomainError(
      'SPREADSHEET_INVALID',
      'The file is a damaged Excel workbook (its sheet could not be read). In Excel, save it as .xlsx again, or as "CSV UTF-8".',
    );
  if (error instanceof SheetNotFoundError)
    return error.available.length
      ? new DomainError('SHEET_NOT_FOUND', `${error.message}. Send one of them in the "sheet" field.`)
      : new DomainError(
          'SPREADSHEET_INVALID',
          'The file is a zip archive without a worksheet, not an Excel workbook (.xlsx). Upload a .xlsx, CSV or .txt file.',
        );
  return error;
}

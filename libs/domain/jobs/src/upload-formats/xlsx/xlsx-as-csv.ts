import ExcelJS from 'exceljs';
import { formatCsvField } from '../../csv';
import { workbookPartsInReadingOrder } from './workbook-parts';
import type { ZipEntryBlock } from './zip-bounds';

/** The workbook has no sheet of the requested name; `available` lists the ones it has, in order. */
export class SheetNotFoundError extends Error {
  override readonly name = 'SheetNotFoundError';

  constructor(
    readonly requested: string,
    readonly available: readonly string[],
  ) {
    super(`The workbook has no sheet named "${requested}"; its sheets are: ${available.join(', ')}`);
  }
}

/** The zip is sound but its workbook is not (broken XML, a part missing): exceljs's own error, kept as the cause. */
export class XlsxUnreadableError extends Error {
  override readonly name = 'XlsxUnreadableError';
}

/** Which sheet was read, and which the workbook has (for a chooser). */
export interface SheetChoice {
  sheet: string | null;
  sheets: string[];
}

type CellValue = ExcelJS.CellValue;

/**
 * Streams one sheet of an .xlsx file (already checked by `checkZipBounds`, which found `blocks`) as UTF-8 CSV, one record
 * per non-empty row, with exceljs's streaming reader: the sheet named `sheet`, else the first sheet
 * in the workbook's order. Cells are written as their shown value (a formula's result, a date as
 * ISO 8601); the CSV is what the rest of the upload reads, so its size limit bounds the rows too.
 */
export async function* xlsxSheetAsCsv(
  path: string,
  blocks: readonly ZipEntryBlock[],
  sheet: string | undefined,
  choice: SheetChoice,
) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(workbookPartsInReadingOrder(path, blocks), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // dates are numbers with a date style
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const seen: string[] = [];
  try {
    for await (const worksheet of reader) {
      // exceljs sets the sheet's name from the workbook, though its types leave `name` out.
      const name = (worksheet as unknown as { name?: string }).name ?? `Sheet${seen.length + 1}`;
      seen.push(name);
      const wanted = sheet ?? workbookSheetNames(reader)[0] ?? name;
      if (name !== wanted || choice.sheet !== null) {
        for await (const _row of worksheet); // the zip is one stream: a sheet is read through to reach the next
        continue;
      }
      choice.sheet = name;
      for await (const row of worksheet) {
        const values = (row.values as CellValue[]).slice(1).map(cellText);
        while (values.length && values[values.length - 1] === '') values.pop();
        if (values.length) yield Buffer.from(values.map((v) => formatCsvField(v, ',')).join(',') + '\r\n', 'utf8');
      }
    }
  } catch (error) {
    throw new XlsxUnreadableError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const names = workbookSheetNames(reader);
  choice.sheets = names.length ? names : seen;
  if (choice.sheet === null) throw new SheetNotFoundError(sheet ?? '(first)', choice.sheets);
}

function workbookSheetNames(reader: ExcelJS.stream.xlsx.WorkbookReader): string[] {
  const model = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model;
  return (model?.sheets ?? []).map((s) => s.name);
}

/** What Excel shows in the cell, as text. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result ?? null);
  if ('hyperlink' in value) return cellText((value as { text: CellValue }).text);
  if ('error' in value) return String(value.error);
  return '';
}

function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

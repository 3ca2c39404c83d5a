import { PREVIEW_BYTES } from './csv-preview';

/**
 * A chosen list file read in the browser the way the server reads it (libs/domain/jobs/src/upload-formats):
 * text in UTF-8, UTF-16 (BOM) or Windows-1252 decoded, a .txt made one column, an .xlsx sheet
 * turned into CSV text. `text` is what the CSV preview and the cost estimate read.
 */
export interface ListFileRead {
  text: string;
  complete: boolean;
  kind: 'csv' | 'txt' | 'xlsx';
  /** How the text was written, when it was text. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | null;
  /** The workbook's sheets in order, and the one read (xlsx only). */
  sheets: string[];
  sheet: string | null;
}

/** Why a chosen file cannot be used, in words for the person who chose it. */
export class ListFileError extends Error {}

export async function readListFile(file: Blob & { name?: string }, sheet?: string): Promise<ListFileRead> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return readXlsx(file, sheet);
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0)
    throw new ListFileError(
      'This is an Excel 97-2003 workbook (.xls). In Excel, save it as .xlsx or as "CSV UTF-8", then choose that file.',
    );
  const complete = file.size <= PREVIEW_BYTES;
  const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  const { text, encoding } = decodeText(bytes, complete);
  const isTxt = /\.txt$/i.test(file.name ?? '');
  return {
    text: isTxt ? linesAsCsv(text, complete) : text,
    complete,
    kind: isTxt ? 'txt' : 'csv',
    encoding,
    sheets: [],
    sheet: null,
  };
}

/** The server's rule: a BOM says UTF-16; bytes that are not UTF-8 are Windows-1252, unless UTF-8 came first. */
export function decodeText(bytes: Uint8Array, complete: boolean): Pick<ListFileRead, 'text' | 'encoding'> {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: utf16(bytes, 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: utf16(bytes, 'utf-16be'), encoding: 'utf-16be' };
  try {
    // `stream` leaves out a character cut at the end of a partial read instead of failing on it.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !complete });
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const before = lenient.slice(0, lenient.indexOf('\uFFFD'));
    if (/[\u0080-\uffff]/.test(before.replace(/^\uFEFF/, '')))
      throw new ListFileError(
        'This file mixes two text encodings, so its accents cannot be read right. In Excel, save it again as "CSV UTF-8 (Comma delimited)".',
      );
    // `stream`: Node's one-shot windows-1252 decode (the unit tests' runtime) reads 0x80-0x9F as Latin-1.
    return { text: new TextDecoder('windows-1252').decode(bytes, { stream: true }), encoding: 'windows-1252' };
  }
}

function utf16(bytes: Uint8Array, label: 'utf-16le' | 'utf-16be'): string {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  } catch {
    throw new ListFileError('This UTF-16 text file is damaged. In Excel, save it again as "CSV UTF-8".');
  }
}

/** One address per line as a CSV of one column, as the server reads a .txt. */
export function linesAsCsv(text: string, complete: boolean): string {
  const lines = text.split('\n');
  if (!complete) lines.pop(); // maybe cut in half
  return lines
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '')
    .map((line) => (/[",;\t|]/.test(line) ? `"${line.replace(/"/g, '""')}"` : line))
    .join('\n')
    .concat('\n');
}

async function readXlsx(file: Blob, sheet: string | undefined): Promise<ListFileRead> {
  // Loaded only when a workbook is chosen: the library is large, and most lists are CSV.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(await file.arrayBuffer());
  } catch {
    throw new ListFileError(
      'This file cannot be read as an Excel workbook. In Excel, save it as .xlsx again or as "CSV UTF-8".',
    );
  }
  const sheets = book.worksheets.map((w) => w.name);
  const chosen = sheet ? book.getWorksheet(sheet) : book.worksheets[0];
  if (!chosen) throw new ListFileError('This workbook has no sheets.');
  // The whole sheet: the workbook is in memory already (within the upload limit), and the counts are exact.
  let text = '';
  chosen.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1).map(cellText);
    while (values.length && values[values.length - 1] === '') values.pop();
    if (!values.length) return;
    text += values.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',') + '\r\n';
  });
  return { text, complete: true, kind: 'xlsx', encoding: null, sheets, sheet: chosen.name };
}

/** What Excel shows in the cell, as the server writes it (xlsx-as-csv.ts). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  if (typeof value !== 'object') return String(value);
  const cell = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
  if (cell.richText) return cell.richText.map((part) => part.text).join('');
  if ('formula' in cell || 'sharedFormula' in cell) return cellText(cell.result ?? null);
  if ('hyperlink' in cell) return cellText(cell.text);
  if ('error' in cell) return String(cell.error);
  return '';
}

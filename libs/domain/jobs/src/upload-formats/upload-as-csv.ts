import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { CsvFormatError, limitBytes } from '../csv';
import { decodeText, type TextEncoding } from './text-decoding';
import { linesAsCsv } from './text-lines';
import { xlsxSheetAsCsv, type SheetChoice } from './xlsx/xlsx-as-csv';
import { checkZipBounds } from './xlsx/zip-bounds';

/** What the upload was, as read: a text file in some encoding, or one sheet of a workbook. */
export type UploadFormat =
  { kind: 'csv' | 'txt'; encoding: TextEncoding } | { kind: 'xlsx'; sheet: string | null; sheets: string[] };

/** The upload as UTF-8 CSV while it streams in, and (once read) what it was. */
export interface UploadAsCsv {
  csv: AsyncGenerator<Buffer>;
  format(): UploadFormat;
}

const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');
/** Excel 97-2003 (.xls) and other OLE2 compound files. */
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** An .xlsx is compressed XML: this much unpacked per byte uploaded is already far beyond a real sheet's. */
const XLSX_UNPACKED_PER_BYTE = 8;

/**
 * Reads any upload a job takes as the CSV the rest of the pipeline reads: a CSV or `.txt` list in
 * UTF-8, UTF-16 or Windows-1252 comes out as UTF-8 (a `.txt` is one address per line), and an `.xlsx`
 * (recognised by its zip signature, whatever its name) as its chosen sheet in CSV. The raw upload is
 * bounded by `maxBytes` in every case; an .xlsx is spooled to a private temporary file (a zip can only
 * be checked from its end) and deleted when its CSV has been read.
 */
export function uploadAsCsv(source: Readable, options: { fileName: string; sheet?: string; maxBytes: number }) {
  let format: UploadFormat | null = null;
  async function* csv(): AsyncGenerator<Buffer> {
    const bytes = limitBytes(source, options.maxBytes);
    const first = await bytes.next();
    const head = first.done ? Buffer.alloc(0) : first.value;
    const all = prepend(head, bytes);
    if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) {
      const choice: SheetChoice = { sheet: null, sheets: [] };
      format = { kind: 'xlsx', ...choice };
      yield* spooledXlsx(all, options, choice);
      format = { kind: 'xlsx', ...choice };
      return;
    }
    if (head.subarray(0, 8).equals(OLE2_SIGNATURE))
      throw new CsvFormatError(
        'BINARY_DATA',
        1,
        'The file is an Excel 97-2003 workbook (.xls), which is not read here; in Excel, save it as .xlsx or as "CSV UTF-8"',
      );
    const text = decodeText(all);
    const isTxt = /\.txt$/i.test(options.fileName);
    yield* isTxt ? linesAsCsv(text.utf8) : text.utf8;
    format = { kind: isTxt ? 'txt' : 'csv', encoding: text.encoding() };
  }
  return {
    csv: csv(),
    format: () => format ?? { kind: 'csv', encoding: 'utf-8' },
  } satisfies UploadAsCsv;
}

async function* spooledXlsx(
  bytes: AsyncIterable<Buffer>,
  options: { sheet?: string; maxBytes: number },
  choice: SheetChoice,
): AsyncGenerator<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'upload-xlsx-'));
  try {
    const path = join(dir, 'upload.xlsx');
    const file = createWriteStream(path, { mode: 0o600 });
    const failed = once(file, 'error').then(([error]) => {
      throw error;
    });
    failed.catch(() => undefined);
    for await (const chunk of bytes) if (!file.write(chunk)) await Promise.race([once(file, 'drain'), failed]);
    file.end();
    await Promise.race([once(file, 'finish'), failed]);
    const blocks = await checkZipBounds(path, {
      maxTotalBytes: options.maxBytes * XLSX_UNPACKED_PER_BYTE,
      maxEntryBytes: options.maxBytes * XLSX_UNPACKED_PER_BYTE,
      maxEntries: 10_000,
    });
    yield* xlsxSheetAsCsv(path, blocks, options.sheet?.trim() || undefined, choice);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function* prepend(head: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  if (head.length) yield head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

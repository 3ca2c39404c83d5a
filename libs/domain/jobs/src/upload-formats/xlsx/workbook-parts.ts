import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ZipEntryBlock } from './zip-bounds';

/** The parts exceljs's streaming reader needs, in the order it reads best; the rest is left out. */
const ORDER: Array<(name: string) => boolean> = [
  (name) => name === 'xl/_rels/workbook.xml.rels',
  (name) => name === 'xl/workbook.xml',
  (name) => name === 'xl/sharedStrings.xml',
  (name) => name === 'xl/styles.xml',
  (name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name),
];

/**
 * The checked workbook's entries, record by record as they are stored (compressed, each with its
 * local header), laid out again so the sheet list, the shared strings and the styles come before the
 * sheets. exceljs 4.4.0's streaming reader reads the zip in stored order: sheets that come before the
 * shared strings (as Excel and exceljs's own writer store them) are copied to temporary files, and from
 * five such sheets on it stops early and fails (its unzipper under Node 20). In this order every sheet
 * is parsed as it streams by, and no temporary file is written. A streaming reader needs no central
 * directory, so none is written.
 */
export function workbookPartsInReadingOrder(path: string, blocks: readonly ZipEntryBlock[]): Readable {
  const chosen = ORDER.flatMap((wanted) =>
    blocks.filter((block) => wanted(block.name)).sort((a, b) => sheetNumber(a.name) - sheetNumber(b.name)),
  );
  async function* records(): AsyncGenerator<Buffer> {
    for (const block of chosen) {
      if (block.end > block.start) yield* createReadStream(path, { start: block.start, end: block.end - 1 });
    }
  }
  return Readable.from(records(), { objectMode: false });
}

function sheetNumber(name: string): number {
  return Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
}

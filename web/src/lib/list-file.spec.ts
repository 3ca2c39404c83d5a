import ExcelJS from 'exceljs';
import { previewCsv } from './csv-preview';
import { ListFileError, readListFile } from './list-file';

/** A File as the browser hands it over (Node's Blob has the same slice/arrayBuffer). */
const file = (bytes: Uint8Array, name: string) => Object.assign(new Blob([bytes]), { name });

const ROWS = [
  ['Name', 'Email', 'Note'],
  ['José Müller', 'jose@example.com', '5 €'],
  ['Zoë O’Brien', 'zoe@example.com', 'ñ'],
];
const asCsv = (rows: string[][]) => rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
/** Windows-1252 bytes written out by hand: Latin-1 but € = 0x80 and ’ = 0x92. */
const windows1252 = (text: string) =>
  Uint8Array.from([...text].map((ch) => ({ '€': 0x80, '’': 0x92 })[ch] ?? ch.charCodeAt(0)));

async function workbook(sheets: Record<string, string[][]>): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

describe('reading a chosen list file in the browser', () => {
  it('finding 4: previews a Windows-1252 CSV from Excel with its characters, rows and email column', async () => {
    const read = await readListFile(file(windows1252(asCsv(ROWS)), 'excel.csv'));
    expect(read).toMatchObject({ kind: 'csv', encoding: 'windows-1252', complete: true });
    const preview = previewCsv(read.text, read.complete);
    expect(preview).toMatchObject({ header: ROWS[0], rowsRead: 2, emailColumn: 1 });
    expect(preview.rows).toEqual(ROWS.slice(1));
  });

  it('finding 4: previews the first sheet of an .xlsx and lists its sheets; another sheet on request', async () => {
    const bytes = await workbook({ Leads: ROWS, Old: [['Email'], ['old@example.com']] });
    const read = await readListFile(file(bytes, 'leads.xlsx'));
    expect(read).toMatchObject({ kind: 'xlsx', sheets: ['Leads', 'Old'], sheet: 'Leads', complete: true });
    const preview = previewCsv(read.text, read.complete);
    expect(preview).toMatchObject({ header: ROWS[0], rowsRead: 2, emailColumn: 1 });
    expect(preview.rows).toEqual(ROWS.slice(1));
    const old = await readListFile(file(bytes, 'leads.xlsx'), 'Old');
    expect(previewCsv(old.text, true)).toMatchObject({ header: ['Email'], rowsRead: 1, emailColumn: 0 });
  });

  it('previews UTF-16 text with its BOM and a UTF-8 file unchanged', async () => {
    const units = [...asCsv(ROWS)].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]);
    const utf16 = new Uint8Array([0xff, 0xfe, ...units]);
    expect(previewCsv((await readListFile(file(utf16, 'u.csv'))).text, true).rows).toEqual(ROWS.slice(1));
    const utf8 = await readListFile(file(new TextEncoder().encode(asCsv(ROWS)), 'u.csv'));
    expect(utf8).toMatchObject({ encoding: 'utf-8', text: asCsv(ROWS) });
  });

  it('reads a .txt as one address per line, a comma kept inside its line', async () => {
    const read = await readListFile(file(new TextEncoder().encode('a@example.com\r\n\r\nb, c@example.com\n'), 'l.txt'));
    const preview = previewCsv(read.text, read.complete);
    expect(preview).toMatchObject({ hasHeader: false, rowsRead: 2, emailColumn: 0 });
    expect(preview.rows).toEqual([['a@example.com'], ['b, c@example.com']]);
  });

  it('says what to do with an .xls or a file mixing encodings, before anything is sent', async () => {
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const old = await failure(readListFile(file(xls, 'old.xls')));
    expect(old).toBeInstanceOf(ListFileError);
    expect((old as Error).message).toMatch(/save it as \.xlsx/);
    const mixed = new Uint8Array([...new TextEncoder().encode('Email\né@example.com\n'), 0xe9, 0x0a]);
    const error = await failure(readListFile(file(mixed, 'mixed.csv')));
    expect(error).toBeInstanceOf(ListFileError);
    expect((error as Error).message).toMatch(/CSV UTF-8/);
  });
});

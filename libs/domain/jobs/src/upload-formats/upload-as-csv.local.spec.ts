import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { uploadAsCsv } from './upload-as-csv';
import { SheetNotFoundError, XlsxUnreadableError } from './xlsx/xlsx-as-csv';
import { ZipRefusedError } from './xlsx/zip-bounds';

const MB = 1024 * 1024;

/** A workbook as Excel users bring them, written by exceljs's own writer. */
async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function convert(file: Buffer, options: { fileName?: string; sheet?: string; maxBytes?: number } = {}) {
  const upload = uploadAsCsv(Readable.from([file]), {
    fileName: options.fileName ?? 'list.xlsx',
    sheet: options.sheet,
    maxBytes: options.maxBytes ?? 5 * MB,
  });
  const out: Buffer[] = [];
  for await (const chunk of upload.csv) out.push(chunk);
  return { csv: Buffer.concat(out).toString('utf8'), format: upload.format() };
}

function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe('an .xlsx upload', () => {
  it('finding 4: reads the first sheet as CSV with its characters, formula results and dates', async () => {
    const file = await workbook({
      Leads: [
        ['Email', 'Name', 'Score', 'Since'],
        ['josé@example.com', 'José Müller, Sr.', 3, new Date(Date.UTC(2024, 0, 31))],
        ['nuño@example.com', { richText: [{ text: 'Nu' }, { text: 'ño' }] }, { formula: '1+1', result: 2 }, null],
        [],
        ['euro@example.com', 'costs 5 € ’quoted’'],
      ],
      Other: [['ignored@example.com']],
    });
    const { csv, format } = await convert(file);
    expect(csv).toBe(
      'Email,Name,Score,Since\r\n' +
        'josé@example.com,"José Müller, Sr.",3,2024-01-31\r\n' +
        'nuño@example.com,Nuño,2\r\n' +
        'euro@example.com,costs 5 € ’quoted’\r\n',
    );
    expect(format).toEqual({ kind: 'xlsx', sheet: 'Leads', sheets: ['Leads', 'Other'] });
  });

  it('reads the sheet named in `sheet`', async () => {
    const file = await workbook({ First: [['a@example.com']], Second: [['b@example.com']] });
    expect((await convert(file, { sheet: 'Second' })).csv).toBe('b@example.com\r\n');
  });

  it('reads a sheet after five others (exceljs read in stored order stops early from five on)', async () => {
    const sheets = Object.fromEntries(['A', 'B', 'C', 'D', 'E'].map((name) => [name, [[`${name}@example.com`]]]));
    const file = await workbook({ ...sheets, Wanted: [['w@example.com']] });
    for (let round = 0; round < 5; round++)
      expect((await convert(file, { sheet: 'Wanted' })).csv).toBe('w@example.com\r\n');
  });

  it('streams a sheet of 30,000 rows between others, every row once and in order', async () => {
    const rows = Array.from({ length: 30_000 }, (_, k) => [`p${k}@example.com`, `Müller ${k}`]);
    const file = await workbook({ Before: [['x@example.com']], Big: rows, After: [['y@example.com']] });
    const { csv } = await convert(file, { sheet: 'Big', maxBytes: 5 * MB });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(30_000);
    expect(lines[0]).toBe('p0@example.com,Müller 0');
    expect(lines[29_999]).toBe('p29999@example.com,Müller 29999');
  });

  it('refuses a workbook whose sheet XML is broken with its own error, not an unexpected one', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('S').addRows([['a@example.com']]);
    // Stored, not deflated, so the sheet's XML can be broken in place (same length).
    const file = Buffer.from(await book.xlsx.writeBuffer({ zip: { compression: 'STORE' } } as never));
    const at = file.indexOf('<sheetData>');
    expect(at).toBeGreaterThan(0);
    file.write('<sheetData<', at, 'latin1');
    expect(await failure(convert(file))).toBeInstanceOf(XlsxUnreadableError);
  });

  it('refuses a sheet the workbook does not have, listing the ones it has', async () => {
    const file = await workbook({ First: [['a@example.com']], Second: [['b@example.com']] });
    const error = await failure(convert(file, { sheet: 'Third' }));
    expect(error).toBeInstanceOf(SheetNotFoundError);
    expect((error as SheetNotFoundError).available).toEqual(['First', 'Second']);
  });

  it('refuses a workbook that unpacks to far more than its upload size (a zip bomb) before parsing it', async () => {
    const rows = Array.from({ length: 20_000 }, () => ['same@example.com', 'x'.repeat(50)]);
    const file = await workbook({ Big: rows });
    const error = await failure(convert(file, { maxBytes: file.length + 1 }));
    expect(error).toBeInstanceOf(ZipRefusedError);
    expect((error as Error).message).toMatch(/too large once unpacked/);
  });

  it('refuses a workbook whose parts unpack to more than they declare', async () => {
    const file = await workbook({ Sheet: [['a@example.com'], ['b@example.com']] });
    const lying = declareSmaller(file, 'xl/worksheets/sheet1.xml');
    const error = await failure(convert(lying));
    expect(error).toBeInstanceOf(ZipRefusedError);
    expect((error as Error).message).toMatch(/unpacks to more than it declares/);
  });

  it('refuses a workbook whose sheet part is missing, naming the sheets it lists', async () => {
    const zip = await workbook({ Sheet: [['a@example.com']] });
    const renamed = Buffer.from(
      zip.toString('latin1').replaceAll('xl/worksheets/sheet1.xml', 'xl/worksheets/other1.xml'),
      'latin1',
    );
    const error = await failure(convert(renamed));
    expect(error).toBeInstanceOf(SheetNotFoundError);
    expect((error as SheetNotFoundError).available).toEqual(['Sheet']);
  });
});

/** Rewrites an entry's declared unpacked size (central directory) to 10 bytes. */
function declareSmaller(zip: Buffer, name: string): Buffer {
  const copy = Buffer.from(zip);
  for (
    let at = copy.indexOf(Buffer.from('PK\x01\x02', 'latin1'));
    at >= 0;
    at = copy.indexOf(Buffer.from('PK\x01\x02', 'latin1'), at + 4)
  ) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) === name) copy.writeUInt32LE(10, at + 24);
  }
  return copy;
}

import ExcelJS from 'exceljs';
import { followStream, JobsWorld, parseCsv, startJobsWorld, uploadJob } from './jobs-world';

// Issue 37 item 4: lists as Excel saves them. The people's names carry é, ü, ñ, € and ’: the last two
// are where Windows-1252 and Latin-1 differ.
const PEOPLE = [
  ['José Müller', 'alice@alpha.test', 'Señor, 5 €'],
  ['Zoë O’Brien', 'nobody@gamma.test', 'l’été'],
  ['Ñandú', 'bob@alpha.test', ''],
];
const HEADER = ['Name', 'E-mail', 'Note'];
const RESULTS: Record<string, string> = {
  'alice@alpha.test': 'ok',
  'nobody@gamma.test': 'invalid',
  'bob@alpha.test': 'ok',
};
const UTF8_BOM = '\uFEFF';

/** What Excel on Windows writes for "CSV (Comma delimited)": Windows-1252, ';' or ',' and CRLF. */
function windows1252Csv(): Buffer {
  const text = [HEADER, ...PEOPLE]
    .map((row) => row.map((v) => (v.includes(',') ? `"${v}"` : v)).join(','))
    .join('\r\n');
  // Latin-1 for the accents; € and ’ are where Windows-1252 differs (0x80 and 0x92).
  const windows1252: Record<string, number> = { '€': 0x80, '’': 0x92 };
  return Buffer.from([...text].map((ch) => windows1252[ch] ?? ch.charCodeAt(0)));
}

async function xlsxFile(sheets: Record<string, string[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('bulk jobs from files as Excel and people save them', () => {
  let world: JobsWorld;
  let key: string;

  beforeAll(async () => {
    world = await startJobsWorld();
    ({ apiKey: key } = await world.app.createAccount(100));
  }, 30_000);
  afterAll(() => world?.close());

  /** Uploads, follows the job to its end and downloads the rows with the result column, as text. */
  async function verifyToDownload(file: Uint8Array, fileName: string, fields: Record<string, string> = {}) {
    const created = await uploadJob(world.app, key, file, fields, fileName);
    expect(created.body.error ?? null).toBeNull();
    expect(created.status).toBe(201);
    const { events } = await followStream(world.app, key, created.body.data.id);
    expect(events[events.length - 1].data.status).toBe('Completed');
    const response = await fetch(`${world.app.url}/v1/jobs/${created.body.data.id}/download?columns=result`, {
      headers: { 'x-api-key': key },
    });
    expect(response.headers.get('content-type')).toMatch(/charset=utf-8/);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { job: created.body.data, bytes, text: bytes.toString('utf8') };
  }

  async function expectPeopleWithResults(text: string, header = true) {
    const rows = await parseCsv(text.replace(/^\uFEFF/, ''));
    const expected = PEOPLE.map((row) => [...row, RESULTS[row[1]]]);
    expect(rows).toEqual(header ? [[...HEADER, 'result'], ...expected] : expected);
  }

  it('finding 4: verifies a Windows-1252 CSV and downloads it in UTF-8 with a BOM, é ü ñ € ’ intact', async () => {
    const { job, bytes, text } = await verifyToDownload(windows1252Csv(), 'excel.csv');
    expect(job).toMatchObject({
      counts: { rows: 3, uniqueAddresses: 3 },
      emailColumn: { index: 1, headerName: 'E-mail' },
    });
    expect(text.startsWith(UTF8_BOM)).toBe(true); // what Excel needs to open UTF-8 right
    expect(bytes.includes(Buffer.from('José Müller', 'utf8'))).toBe(true);
    await expectPeopleWithResults(text);
    expect(text).toContain('Zoë O’Brien,nobody@gamma.test,l’été,invalid');
  }, 40_000);

  it('finding 4: verifies the first sheet of an .xlsx and downloads it as UTF-8 CSV', async () => {
    const file = await xlsxFile({ Contacts: [HEADER, ...PEOPLE], Archive: [['Email'], ['old@gamma.test']] });
    const { job, text } = await verifyToDownload(file, 'contacts.xlsx');
    expect(job).toMatchObject({ fileName: 'contacts.xlsx', counts: { rows: 3 }, emailColumn: { index: 1 } });
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    await expectPeopleWithResults(text);
  }, 40_000);

  it('verifies the .xlsx sheet named in the sheet field', async () => {
    const file = await xlsxFile({ Archive: [['Email'], ['old@gamma.test']], Contacts: [HEADER, ...PEOPLE] });
    const { job, text } = await verifyToDownload(file, 'contacts.xlsx', { sheet: 'Contacts' });
    expect(job.counts.rows).toBe(3);
    await expectPeopleWithResults(text);
  }, 40_000);

  it('verifies a UTF-16 CSV (Excel\'s "Unicode Text", tab-separated)', async () => {
    const text = [HEADER, ...PEOPLE].map((row) => row.join('\t')).join('\r\n');
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const download = await verifyToDownload(file, 'unicode.txt.csv');
    await expectPeopleWithResults(download.text);
  }, 40_000);

  it('verifies a .txt list of one address per line', async () => {
    const file = Buffer.from('alice@alpha.test\r\nnobody@gamma.test\r\n\r\nbob@alpha.test\r\n');
    const { job, text } = await verifyToDownload(file, 'list.txt');
    expect(job).toMatchObject({ hasHeader: false, counts: { rows: 3, uniqueAddresses: 3 } });
    const rows = await parseCsv(text);
    expect(rows.slice(1)).toEqual([
      ['alice@alpha.test', 'ok'],
      ['nobody@gamma.test', 'invalid'],
      ['bob@alpha.test', 'ok'],
    ]);
  }, 40_000);

  it('takes another sheet of the same workbook under the same Idempotency-Key as another request', async () => {
    const file = await xlsxFile({ First: [['a@alpha.test']], Second: [['b@alpha.test'], ['bob@alpha.test']] });
    const upload = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([file]), 'book.xlsx');
      const response = await fetch(`${world.app.url}/v1/jobs`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'idempotency-key': 'book-upload-1' },
        body: form,
      });
      return {
        status: response.status,
        body: (await response.json()) as any,
        replayed: response.headers.get('idempotent-replayed'),
      };
    };
    const first = await upload({});
    expect(first.status).toBe(201);
    expect((await upload({ sheet: 'First' })).replayed).toBe('true'); // the first sheet, named this time
    const second = await upload({ sheet: 'Second' });
    expect(second.status).toBe(400);
    expect(second.body.error.code).toBe(2002);
  });

  it('counts the sheet read in what makes an upload a duplicate: the first sheet named or not, another sheet not', async () => {
    const file = await xlsxFile({ Main: [['alice@alpha.test']], Extra: [['bob@alpha.test']] });
    expect((await uploadJob(world.app, key, file, {}, 'dup.xlsx')).status).toBe(201);
    const again = await uploadJob(world.app, key, file, { sheet: 'Main' }, 'dup.xlsx');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(3021);
    expect((await uploadJob(world.app, key, file, { sheet: 'Extra' }, 'dup.xlsx')).status).toBe(201);
  });

  describe('refusals, each with the envelope, a stable code and what to do', () => {
    const cases: Array<[string, () => Promise<Uint8Array>, string, Record<string, string>, number, RegExp]> = [
      [
        'an Excel 97-2003 .xls',
        async () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]),
        'old.xls',
        {},
        3004,
        /97-2003.*\.xlsx/,
      ],
      [
        'a zip that is no workbook',
        async () => renameParts(await xlsxFile({ S: [['a@alpha.test']] }), ['xl/workbook.xml', 'xl/worksheets/sheet1']),
        'archive.xlsx',
        {},
        3014,
        /not an Excel workbook/,
      ],
      [
        'a sheet the workbook lacks',
        () => xlsxFile({ First: [['a@alpha.test']], Second: [['b@alpha.test']] }),
        'book.xlsx',
        { sheet: 'Third' },
        3015,
        /First, Second/,
      ],
      [
        'a damaged .xlsx',
        async () => (await xlsxFile({ S: [['a@alpha.test']] })).subarray(0, 200),
        'cut.xlsx',
        {},
        3014,
        /save it as \.xlsx again/,
      ],
      [
        'a file mixing UTF-8 and Windows-1252',
        async () =>
          Buffer.concat([
            Buffer.from('email,name\nann@alpha.test,José\n'),
            Buffer.from('bob@alpha.test,Jos\xe9\n', 'latin1'),
          ]),
        'mixed.csv',
        {},
        3004,
        /CSV UTF-8/,
      ],
      [
        'binary data',
        async () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
        'image.csv',
        {},
        3004,
        /\.xlsx/,
      ],
    ];

    it.each(cases)('finding 4: refuses %s, creating no job', async (_what, file, fileName, fields, code, message) => {
      const before = (await world.app.request('GET', '/v1/jobs', { key })).body.data.total;
      const response = await uploadJob(world.app, key, await file(), fields, fileName);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 'error', data: null, error: { code } });
      expect(response.body.error.message).toMatch(message);
      expect((await world.app.request('GET', '/v1/jobs', { key })).body.data.total).toBe(before);
    });

    it('refuses a sheet field sent after the workbook, which was already read', async () => {
      const file = await xlsxFile({ First: [['a@alpha.test']], Second: [['b@alpha.test']] });
      const form = new FormData();
      form.append('file', new Blob([file]), 'book.xlsx');
      form.append('sheet', 'Second');
      const response = await fetch(`${world.app.url}/v1/jobs`, {
        method: 'POST',
        headers: { 'x-api-key': key },
        body: form,
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: number; message: string } };
      expect(body.error).toMatchObject({ code: 1006 });
      expect(body.error.message).toMatch(/before the "file" field/);
    });
  });
});

/** The workbook with some of its parts renamed (same length), so a reader cannot find them. */
function renameParts(zip: Buffer, names: string[]): Buffer {
  let text = zip.toString('latin1');
  for (const name of names)
    text = text.replaceAll(
      name,
      name.replace(/.$/, (c) => (c === 'X' ? 'Y' : 'X')),
    );
  return Buffer.from(text, 'latin1');
}

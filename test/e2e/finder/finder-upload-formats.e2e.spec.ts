import { eventually, present } from '@lib/common/testing';
import ExcelJS from 'exceljs';
import { FinderWorld, startFinderWorld } from './finder-world';

// Issue 37 item 4 for finder files: the contacts come as Excel saves them too.
const ROWS = [
  ['First Name', 'Last Name', 'Company Domain'],
  ['José', 'Müller', 'umlaut.test'],
  ['Jane', 'Doe', 'firstlast.test'],
];

describe('finder jobs from Excel files', () => {
  let world: FinderWorld;
  let key: string;

  beforeAll(async () => {
    world = await startFinderWorld();
    key = (await world.app.createAccount(1_000)).apiKey;
  }, 30_000);
  afterAll(() => world.close());

  async function findAndDownload(file: Uint8Array, fileName: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file]), fileName);
    const response = await fetch(`${world.app.url}/v1/finder/jobs`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    const created = (await response.json()) as any;
    expect(created.error ?? null).toBeNull();
    const id = created.data.id;
    await eventually(
      async () => {
        const { data } = (await world.app.request('GET', `/v1/finder/jobs/${id}`, { key })).body;
        return present(data.status === 'Completed' && data, `finder job ${id} to complete`);
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const download = await world.app.request('GET', `/v1/finder/jobs/${id}/download`, { key });
    return download.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  }

  function expectFound(lines: string[]) {
    expect(lines[0]).toMatch(/^First Name,Last Name,Company Domain,email,status/);
    expect(lines[1]).toMatch(/^José,Müller,umlaut\.test,jmueller@umlaut\.test,Found,/);
    expect(lines[2]).toMatch(/^Jane,Doe,firstlast\.test,jane\.doe@firstlast\.test,Found,/);
  }

  it('finding 4: finds the people on the named sheet of an .xlsx', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Notes').addRows([['nothing']]);
    book.addWorksheet('People').addRows(ROWS);
    const file = new Uint8Array(await book.xlsx.writeBuffer());
    expectFound(await findAndDownload(file, 'people.xlsx', { sheet: 'People' }));
  }, 40_000);

  it('finding 4: finds the people of a Windows-1252 CSV, their names intact', async () => {
    const text = ROWS.map((row) => row.join(',')).join('\r\n') + '\r\n';
    expectFound(await findAndDownload(new Uint8Array(Buffer.from(text, 'latin1')), 'people.csv'));
  }, 40_000);
});

import ExcelJS from 'exceljs';
import { Browser, Page } from 'playwright-core';
import { signedInUser } from '../../e2e/dashboard/dashboard-users';
import { parseCsv } from '../../e2e/jobs/jobs-world';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { accept, reject } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium, screenshot } from './browser-support';

// Issue 37 item 4 in Chromium: a list saved by Excel on Windows (Windows-1252) and an .xlsx workbook
// are dropped on the Lists page, previewed with the right characters, rows and email column, verified,
// and downloaded with their characters intact.
const PEOPLE = [
  ['José Müller', 'alice@alpha.test', 'Señor, 5 €'],
  ['Zoë O’Brien', 'nobody@alpha.test', 'l’été'],
  ['Ñandú', 'bob@alpha.test', ''],
];
const HEADER = ['Name', 'Email', 'Note'];

function windows1252Csv(): Buffer {
  const text = [HEADER, ...PEOPLE].map((r) => r.map((v) => (v.includes(',') ? `"${v}"` : v)).join(',')).join('\r\n');
  return Buffer.from([...text].map((ch) => ({ '€': 0x80, '’': 0x92 })[ch] ?? ch.charCodeAt(0)));
}

async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Notes').addRows([['Nothing to verify here']]);
  book.addWorksheet('Leads').addRows([HEADER, ...PEOPLE]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describeWithBrowser('lists from Excel in the dashboard', () => {
  let peers: MailPeers;
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    peers = await startMailPeers({
      'alpha.test': { default: reject(), recipients: { alice: accept(), bob: accept() } },
    });
    app = await startTestApp(peers.env);
    const { browser: signedIn } = await signedInUser(app);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([...signedIn.cookies].map(([name, value]) => ({ name, value, url: app.url })));
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await peers?.close();
  });

  /** Drops the bytes on the drop zone as a drag from the desktop delivers a file. */
  async function drop(bytes: Buffer, name: string): Promise<void> {
    await page.goto(`${app.url}/app/lists`);
    await page.getByRole('heading', { name: 'Verify a list', exact: true }).waitFor();
    await page.evaluate(
      ([data, fileName]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data as number[])], fileName as string));
        document
          .querySelector('[data-testid="dropzone"]')!
          .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      [[...bytes], name],
    );
    await page.getByLabel('Email column', { exact: true }).waitFor();
  }

  async function expectPreviewOfPeople(): Promise<void> {
    expect(await page.getByLabel('Email column', { exact: true }).inputValue()).toBe('1');
    const cells = await page
      .locator('.upload-preview tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells).toEqual(PEOPLE);
    expect(await page.getByText(/, 3 rows$/).count()).toBe(1);
  }

  /** Starts the job, waits for the end on its page, and downloads its rows with the result column. */
  async function verifyAndDownload(fileName: string): Promise<string[][]> {
    await page.getByRole('button', { name: 'Start verification', exact: true }).click();
    await page.getByRole('heading', { name: fileName, exact: true }).waitFor();
    await page.getByTestId('progress-text').filter({ hasText: 'Done: 3 of 3 rows' }).waitFor({ timeout: 60_000 });
    const jobId = new URL(page.url()).pathname.split('/').pop();
    const response = await page.request.get(`${app.url}/v1/jobs/${jobId}/download?columns=result`);
    const text = await response.text();
    expect(text.startsWith('\uFEFF')).toBe(true); // what Excel needs to read UTF-8
    return parseCsv(text.slice(1));
  }

  const withResults = [
    [...HEADER, 'result'],
    [...PEOPLE[0], 'ok'],
    [...PEOPLE[1], 'invalid'],
    [...PEOPLE[2], 'ok'],
  ];

  it('finding 4: previews a Windows-1252 CSV from Excel with é ü ñ € ’ and downloads it right', async () => {
    await drop(windows1252Csv(), 'excel.csv');
    await expectPreviewOfPeople();
    expect(await page.getByTestId('file-encoding').innerText()).toMatch(/Windows-1252/);
    await screenshot(page, 'lists-windows-1252-preview');
    expect(await verifyAndDownload('excel.csv')).toEqual(withResults);
  }, 90_000);

  it('finding 4: previews an .xlsx sheet chosen from its workbook and downloads it right', async () => {
    await drop(await workbook(), 'contacts.xlsx');
    const sheet = page.getByLabel('Sheet', { exact: true });
    expect(await sheet.inputValue()).toBe('Notes');
    await sheet.selectOption('Leads');
    await page.locator('.upload-preview tbody tr').filter({ hasText: 'José Müller' }).waitFor();
    await expectPreviewOfPeople();
    await screenshot(page, 'lists-xlsx-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lists-xlsx-preview-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await verifyAndDownload('contacts.xlsx')).toEqual(withResults);
    expect(errors).toEqual([]);
  }, 90_000);
});

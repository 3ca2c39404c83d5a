import { Browser, Page } from 'playwright-core';
import { signedInUser } from '../../e2e/dashboard/dashboard-users';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium } from './browser-support';

// The dashboard knows no limit of its own: started with a 2 KB upload limit and 3 addresses per list,
// the Lists page says so, refuses a 3 KB file before sending a byte, and advises splitting a 5-address
// list into parts of at most 3 when the server refuses it (code 3005).
describeWithBrowser('the dashboard shows and enforces the configured upload limits', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const uploads: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({ JOB_MAX_UPLOAD_BYTES: '2048', JOB_MAX_UNIQUE_EMAILS: '3' });
    const { browser: signedIn } = await signedInUser(app);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The session made through the API, handed to Chromium: these tests are about the Lists page.
    await context.addCookies([...signedIn.cookies].map(([name, value]) => ({ name, value, url: app.url })));
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/jobs') uploads.push(request.url());
    });
    await page.goto(`${app.url}/app/lists`);
    await page.getByRole('heading', { name: 'Verify a list', exact: true }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('says the limits the server was started with', async () => {
    expect(await page.getByTestId('upload-limit').innerText()).toBe('Files up to 2 KB.');
    expect(await page.getByTestId('address-limit').innerText()).toBe('A list may hold up to 3 unique addresses.');
  });

  it('refuses a file over the upload limit without sending it', async () => {
    await page.locator('input[type=file]').setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email\n' + 'a'.repeat(3066) + '\n'),
    });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'big.csv is 3 KB, over the 2 KB upload limit. Split the file into parts under 2 KB.',
    );
    expect(uploads).toEqual([]);
  });

  it('advises the configured address limit when the server refuses a list with more', async () => {
    const csv = ['email', ...[1, 2, 3, 4, 5].map((i) => `person${i}@example.com`)].join('\n') + '\n';
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'five.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Start verification', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Split the file into parts' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Split the file into parts of at most 3 addresses.');
    expect(uploads).toHaveLength(1);
  });
});

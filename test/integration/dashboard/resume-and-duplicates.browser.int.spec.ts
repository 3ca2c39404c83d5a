import { eventually } from '@lib/common/testing';
import { CreditLedger } from '@lib/ledger';
import { Browser, Page } from 'playwright-core';
import { signedInUser } from '../../e2e/dashboard/dashboard-users';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { reject } from '../../support/peers/smtp-peer';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium, screenshot } from './browser-support';

// Issue 37, findings 1 and 3 in Chromium: a list of 8 rejected (decisive, 1 credit each) addresses on a
// 5-credit balance stops with what it did in words and a Resume button, which after a top-up finishes it
// on the same page; the same file dropped again is not started silently: the page offers the earlier
// results, or to verify and charge it again.
const CSV = `email\n${Array.from({ length: 8 }, (_, i) => `person${i}@gamma.test`).join('\n')}\n`;

describeWithBrowser('a list over budget and a list sent twice, in the dashboard', () => {
  let peers: MailPeers;
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let accountId: string;
  let firstJobUrl: string;

  beforeAll(async () => {
    peers = await startMailPeers({ 'gamma.test': { default: reject() } }, { env: { JOB_CHUNK_SIZE: '3' } });
    app = await startTestApp(peers.env);
    const signedIn = await signedInUser(app);
    accountId = signedIn.user.accountId;
    const ledger = app.running.app.get(CreditLedger, { strict: false });
    const { balance } = await ledger.current(accountId);
    await ledger.adjust(accountId, 5 - balance, 'test: a small balance');
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([...signedIn.browser.cookies].map(([name, value]) => ({ name, value, url: app.url })));
    page = await context.newPage();
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await peers?.close();
  });

  const chooseFile = async () => {
    await page.goto(`${app.url}/app/lists`);
    await page.getByRole('heading', { name: 'Verify a list', exact: true }).waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'leads.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await page.getByTestId('cost').waitFor();
  };

  it('finding 1: stops saying what was verified and charged, and resumes after a top-up on the same page', async () => {
    await chooseFile();
    await page.getByRole('button', { name: 'Start verification', exact: true }).click();
    await page.getByRole('heading', { name: 'leads.csv', exact: true }).waitFor();
    const message = page.getByTestId('failure-message');
    await message.waitFor({ timeout: 30_000 });
    expect(await message.innerText()).toMatch(
      /The balance ran out after \d of 8 rows were verified \(\d not verified\); 5 credits were charged for them\. Buy credits, then resume/,
    );
    firstJobUrl = page.url();
    await screenshot(page, 'job-stopped-resume');

    await app.running.app.get(CreditLedger, { strict: false }).grant(accountId, 10, 0, {
      kind: 'grant',
      reason: 'test: top-up',
    });
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await page.getByRole('heading', { name: 'Status: Completed' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('failure-message').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Resume', exact: true }).count()).toBe(0);
    const ledger = await eventually(async () => {
      const view = await app.running.app.get(CreditLedger, { strict: false }).current(accountId);
      if (view.held !== 0) throw new Error('holds still open');
      return view;
    });
    expect(ledger.balance).toBe(5 + 10 - 8); // each of the 8 rows charged once
  }, 90_000);

  it('finding 3: offers the earlier results when the same file is dropped again, then verifies it again only when asked', async () => {
    await chooseFile();
    await page.getByRole('button', { name: 'Start verification', exact: true }).click();
    const notice = page.getByTestId('duplicate-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('You uploaded this same file with the same options on');
    expect(await notice.innerText()).toContain('charges for it again');
    await screenshot(page, 'lists-duplicate-notice');
    await notice.getByRole('link', { name: 'Open the earlier results' }).click();
    await page.getByRole('heading', { name: 'leads.csv', exact: true }).waitFor();
    expect(page.url()).toBe(firstJobUrl);

    await app.running.app.get(CreditLedger, { strict: false }).grant(accountId, 10, 0, {
      kind: 'grant',
      reason: 'test: enough for the list again',
    });
    await chooseFile();
    await page.getByRole('button', { name: 'Start verification', exact: true }).click();
    await page.getByRole('button', { name: 'Verify and charge again', exact: true }).click();
    await page.getByRole('heading', { name: 'Status: Completed' }).waitFor({ timeout: 30_000 });
    expect(page.url()).not.toBe(firstJobUrl);
  }, 90_000);
});

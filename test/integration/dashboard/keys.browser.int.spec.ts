import { eventually } from '@lib/common/testing';
import { Browser, Locator, Page } from 'playwright-core';
import { PASSWORD, signedInUser } from '../../e2e/dashboard/dashboard-users';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium, screenshot, seriousAxeViolations } from './browser-support';

// Issue 38: the Keys page makes and edits live, test and publishable keys against the real server, and
// its create form works from the keyboard alone, with the server's refusals said beside their field.
describeWithBrowser('the Keys page in Chromium: live, test and publishable keys', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let email: string;
  const axeFindings: Record<string, unknown[]> = {};
  const audit = async (name: string) => {
    axeFindings[name] = await seriousAxeViolations(page);
  };

  /** The element focus is on, as "tag: accessible text" (enough to tell the form's controls apart). */
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
      return `${element.tagName.toLowerCase()}: ${label ?? element.getAttribute('aria-label') ?? element.textContent}`;
    });
  /** The error a control's aria-describedby points at: what a screen reader says with the control. */
  const errorOf = (control: Locator) =>
    control.evaluate(
      (element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id))
          .find((described) => described?.classList.contains('field-error'))?.textContent ?? null,
    );
  const row = (label: string) =>
    page
      .getByTestId('keys-table')
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: label, exact: true }) });

  beforeAll(async () => {
    app = await startTestApp();
    ({ email } = await signedInUser(app, 'ada@engines.example'));
    browser = await launchChromium();
    // bypassCSP only so the test can inject axe-core; the app itself runs under the page's CSP.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page = await context.newPage();
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('signs in and finds no key yet, the label asked for beside its field', async () => {
    await page.goto(`${app.url}/app/signin`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    await page.getByTestId('keys-empty').waitFor();
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const label = page.getByLabel('Label for the new key', { exact: true });
    expect(await errorOf(label)).toBe('Give the key a name, such as “CRM sync”.');
    expect(await focused()).toBe('input: Label for the new key');
    await audit('keys-empty');
    await screenshot(page, 'keys-empty');
  });

  it('creates a publishable key with the keyboard alone, told beside the origins that an origin has no path', async () => {
    await page.reload();
    await page.getByTestId('keys-empty').waitFor();
    // From the top of the page, Tab reaches the form's first field.
    for (let presses = 0; presses < 30 && (await focused()) !== 'input: Label for the new key'; presses++)
      await page.keyboard.press('Tab');
    expect(await focused()).toBe('input: Label for the new key');
    await page.keyboard.type('Sign-up form');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('input: Live');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('input: Publishable');
    expect(await page.getByLabel('Publishable', { exact: true }).isChecked()).toBe(true);
    // A publishable key takes origins, not scopes or client addresses.
    expect(await page.getByLabel('Everything', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Any address', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Tab');
    expect(await focused()).toMatch(/^textarea: Web origins/);
    await page.keyboard.type('https://shop.example/signup');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('input: Monthly credit cap');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button: Create key');
    await page.keyboard.press('Enter');

    // The server refuses the path (1116): said beside the origins, where focus returns.
    const origins = page.getByRole('textbox', { name: /^Web origins/ });
    await eventually(async () => expect(await errorOf(origins)).toMatch(/must be scheme, host and port only/), {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(await origins.getAttribute('aria-invalid')).toBe('true');
    expect(await focused()).toMatch(/^textarea: Web origins/);
    expect(await page.locator('.alert.error').count()).toBe(0);
    await audit('keys-origin-refused');

    await page.keyboard.press('Control+a');
    await page.keyboard.type('https://shop.example');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const secret = page.getByRole('region', { name: 'Your new publishable key' });
    await secret.waitFor();
    expect(await secret.getByTestId('secret-value').innerText()).toMatch(/^mck_pub_[0-9a-f]{16}_/);
    expect(await secret.innerText()).toContain('it is safe to put in a web page');
    expect(await secret.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('button: I saved it');
    await page.keyboard.press('Enter');
    await secret.waitFor({ state: 'detached' });
    expect(await row('Sign-up form').getByTestId('key-kind').innerText()).toBe('Publishable');
  }, 60_000);

  it('creates a live and a test key and lists the three with their kinds, limits, origins and last use', async () => {
    await page.getByLabel('Label for the new key', { exact: true }).fill('CRM sync');
    await page.getByLabel('Monthly credit cap', { exact: true }).fill('5000');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const live = await page.getByRole('region', { name: 'Your new live key' }).getByTestId('secret-value').innerText();
    expect(live).toMatch(/^mk_[0-9a-f]{16}_/);
    await page.getByRole('button', { name: 'I saved it', exact: true }).click();

    await page.getByLabel('Label for the new key', { exact: true }).fill('Staging');
    await page.getByLabel('Test', { exact: true }).check();
    await page.getByLabel('Everything', { exact: true }).uncheck();
    await page.getByLabel(/^Verify addresses/).check();
    await page.getByLabel('Any address', { exact: true }).uncheck();
    await page.getByLabel("Your servers' addresses, one a line", { exact: true }).fill('203.0.113.0/24\n2001:db8::/48');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    const test = page.getByRole('region', { name: 'Your new test key' });
    expect(await test.getByTestId('secret-value').innerText()).toMatch(/^mck_test_[0-9a-f]{16}_/);
    expect(await test.innerText()).toContain('spends the test balance, never your credits');

    // The live key, used once: the list says when.
    const used = await fetch(`${app.url}/v1/credits/balance`, { headers: { 'x-api-key': live } });
    expect(used.status).toBe(200);
    await eventually(
      async () => {
        await page.reload();
        expect(await row('CRM sync').getByTestId('key-last-used').innerText()).not.toBe('never');
      },
      { timeoutMs: 10_000, intervalMs: 250 },
    );
    const shown = async (label: string) =>
      Promise.all(
        ['key-kind', 'key-scopes', 'key-where', 'key-cap', 'key-last-used'].map((id) =>
          row(label).getByTestId(id).innerText(),
        ),
      );
    expect((await shown('CRM sync')).slice(0, 4)).toEqual([
      'Live',
      'Everything',
      'Any address',
      '5,000 credits a month',
    ]);
    expect(await shown('Staging')).toEqual(['Test', 'verify', '203.0.113.0/24, 2001:db8::/48', 'No cap', 'never']);
    expect(await shown('Sign-up form')).toEqual([
      'Publishable',
      'verify (single addresses)',
      'Pages on https://shop.example',
      'No cap',
      'never',
    ]);
    // A test key is not dressed as a live one.
    const look = (label: string) =>
      row(label)
        .getByTestId('key-kind')
        .evaluate((badge) => {
          const style = getComputedStyle(badge);
          return `${style.backgroundColor} ${style.borderStyle}`;
        });
    expect(await look('Staging')).not.toBe(await look('CRM sync'));
    await audit('keys-three-kinds');

    // The documentation's picture: the three kinds listed, a test key's secret just made.
    await page.getByLabel('Label for the new key', { exact: true }).fill('Staging 2');
    await page.getByLabel('Test', { exact: true }).check();
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.getByRole('region', { name: 'Your new test key' }).waitFor();
    await row('Staging 2').waitFor();
    await screenshot(page, 'keys');
    await page.getByRole('button', { name: 'I saved it', exact: true }).click();
  }, 60_000);

  it("edits the publishable key's origins", async () => {
    await row('Sign-up form').getByRole('button', { name: 'Limits of “Sign-up form”' }).click();
    const editor = page.getByRole('form', { name: 'Limits of the publishable key “Sign-up form”' });
    await editor.waitFor();
    expect(await focused()).toMatch(/^h2: Limits of the publishable key/);
    expect(await editor.getByLabel('Everything', { exact: true }).count()).toBe(0);
    const origins = editor.getByRole('textbox', { name: /^Web origins/ });
    expect(await origins.inputValue()).toBe('https://shop.example');
    await origins.fill('https://shop.example\nhttps://*.shop.example');
    await audit('keys-edit-publishable');
    await editor.getByRole('button', { name: 'Save limits', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await row('Sign-up form').getByTestId('key-where').innerText()).toBe(
      'Pages on https://shop.example, https://*.shop.example',
    );
  });

  it('has no serious or critical accessibility violations in any state checked (axe-core)', () => {
    expect(Object.keys(axeFindings)).toHaveLength(4);
    expect(axeFindings).toEqual(Object.fromEntries(Object.keys(axeFindings).map((name) => [name, []])));
  });
});

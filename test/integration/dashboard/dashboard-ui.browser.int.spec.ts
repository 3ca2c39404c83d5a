import { eventually } from '@lib/common/testing';
import { Page } from 'playwright-core';
import { tokenFromOutbox } from '../../support/dashboard-browser';
import { parseCsv } from '../../e2e/jobs/jobs-world';
import { describeWithBrowser, screenshot, seriousAxeViolations } from './browser-support';
import { BOUGHT, GROWTH_WITH_OFFER, listCsv, MEMBER, OWNER, PASSWORD, TRIAL } from './dashboard-ui-fixture';
import { checkPhoneLayout } from './dashboard-ui-phone';
import { inviteTheMember, memberJoinsAndMakesAKey } from './dashboard-ui-team';
import { DashboardUiWorld } from './dashboard-ui-world';

// One story in one app and one browser: each test goes on from where the one before left the owner's
// page (signed in, credits bought, the job done). The world, the data and the longer steps live beside it
// (dashboard-ui-*.ts) so this file reads as the story.
describeWithBrowser('the customer dashboard in Chromium', () => {
  const world = new DashboardUiWorld();
  const { axeFindings, url, audit, headerBalance, overviewShowsBalance } = world;
  let page: Page;
  let jobUrl = '';

  beforeAll(async () => {
    await world.start();
    page = world.page;
  }, 120_000);

  afterAll(() => world.close());

  it('signs up from the landing page, confirms from the outbox link and is signed in by it', async () => {
    await page.goto(url('/'));
    // Finding 9: the trial credits and the prices, read from the catalogue the Billing page sells from.
    await page.getByTestId('prices').getByText('Growth: 5,500 credits for $40.00 ($0.0073 per credit)').waitFor();
    expect(await page.getByTestId('trial').innerText()).toContain('100 credits when you confirm your address');
    expect((await fetch(url('/favicon.ico'))).status).toBe(200);
    await screenshot(page, 'landing');
    await audit('landing');
    await page.getByRole('link', { name: 'Create an account', exact: true }).click();
    await page.getByLabel('Your name', { exact: true }).fill(OWNER.name);
    await page.getByLabel('Company (optional)', { exact: true }).fill(OWNER.company);
    await page.getByLabel('Email', { exact: true }).fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await audit('sign-up');
    await screenshot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.getByText('Check your inbox').waitFor();

    await page.goto(
      url(`/confirm-email?token=${await tokenFromOutbox(world.app.dataDir, OWNER.email, '/confirm-email')}`),
    );
    // Finding 9: the confirmation link signs in; no password asked again.
    await page.getByText('Your email address is confirmed and you are signed in.').waitFor();
    await page.getByRole('button', { name: 'Go to the dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
    // Finding 9: "Verify a list" is the page's main button.
    expect(await page.getByTestId('verify-list').evaluate((el) => el.className)).toBe('button');
    await page.getByTestId('balance').filter({ hasText: '100' }).waitFor();
    expect(await headerBalance()).toBe(TRIAL);
  });

  it('buys credits: the Growth package with the launch offer, confirmed, paid through the manual processor in test mode', async () => {
    await page.getByRole('link', { name: 'Billing', exact: true }).click();
    // Finding 7: each tier its own price per credit.
    expect(await page.getByTestId('per-credit-1').innerText()).toBe('$0.0100 per credit');
    expect(await page.getByTestId('per-credit-2').innerText()).toBe('$0.0073 per credit (27 % less)');
    await page
      .getByRole('button', {
        name: `Buy Growth: ${GROWTH_WITH_OFFER.toLocaleString('en')} credits for $40.00`,
        exact: true,
      })
      .click();
    // Finding 7: nothing is charged before the confirmation step, which shows the total.
    const confirm = page.getByTestId('purchase-confirm');
    await confirm.waitFor();
    expect(await page.getByTestId('orders-table').count()).toBe(0);
    expect(await page.getByTestId('purchase-total').innerText()).toBe('$40.00');
    expect(await confirm.innerText()).toContain('5,500 (5,000 + 500 bonus from Launch offer)');
    await screenshot(page, 'billing-confirm');
    await page.getByRole('button', { name: 'Pay $40.00', exact: true }).click();
    await page.getByText('Paid: 5,500 credits were added.').waitFor();
    const order = await page.getByTestId('orders-table').locator('tbody tr').first().innerText();
    expect(order).toMatch(/^INV-000001\s.*Growth\s+5,500\s+\$40\.00\s+Completed/s);
    await page
      .getByTestId('header-balance')
      .filter({ hasText: (TRIAL + GROWTH_WITH_OFFER).toLocaleString('en') })
      .waitFor();
    await page
      .getByLabel('Buy a package automatically when the balance falls below the threshold', { exact: true })
      .check();
    await page.getByLabel('Threshold (credits)', { exact: true }).fill('200');
    // Finding 7: the menu says what its card says (the launch offer included).
    expect(await page.getByLabel('Package to buy', { exact: true }).innerText()).toContain(
      'Growth (5,500 credits, $40.00)',
    );
    await page.getByLabel('Package to buy', { exact: true }).selectOption({ label: 'Starter (1,000 credits, $10.00)' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Automatic top-up is on.').waitFor();
    await page.reload();
    expect(await page.getByLabel('Threshold (credits)', { exact: true }).inputValue()).toBe('200');
    await audit('billing');
    await screenshot(page, 'billing');
  });

  it('previews a dropped 2,000-row CSV with the email column detected and the cost against the balance', async () => {
    await page.getByRole('link', { name: 'Lists', exact: true }).click();
    await page.getByRole('heading', { name: 'Lists', exact: true }).waitFor();
    // A real drop event carrying the file, as a drag from the desktop delivers it.
    const csv = listCsv();
    await page.evaluate(
      ([text]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'leads.csv', { type: 'text/csv' }));
        document
          .querySelector('[data-testid="dropzone"]')!
          .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      [csv],
    );
    const column = page.getByLabel('Email column', { exact: true });
    await column.waitFor();
    expect(await column.inputValue()).toBe('2');
    expect(await page.locator('td.chosen').first().innerText()).toBe('p0@shop.test');
    expect(await page.getByTestId('cost').innerText()).toMatch(/at most 1,950 credits.*Balance: 5,600/s);
    // Small finding: "Remove duplicates" is on by default.
    expect(await page.getByLabel(/Remove duplicate addresses/).isChecked()).toBe(true);
    await audit('lists-preview');
    await screenshot(page, 'lists-upload-preview');
  });

  it('starts the job and shows live progress until 100 %', async () => {
    await page.getByRole('button', { name: 'Start verification', exact: true }).click();
    await page.getByRole('heading', { name: 'leads.csv', exact: true }).waitFor();
    // Small finding: the header balance goes down while the job runs, not only once it ends.
    await page.waitForFunction(
      () => {
        const balance = Number(
          document.querySelector('[data-testid="header-balance"]')?.textContent?.replace(/\D/g, ''),
        );
        const progress = document.querySelector('[data-testid="progress-text"]')?.textContent ?? '';
        return balance > 0 && balance < 5600 && !progress.startsWith('Done');
      },
      undefined,
      { timeout: 90_000, polling: 100 },
    );
    await page
      .getByTestId('progress-text')
      .filter({ hasText: 'Done: 2,000 of 2,000 rows' })
      .waitFor({ timeout: 90_000 });
    expect(
      await page
        .locator('progress')
        .first()
        .evaluate((el) => (el as HTMLProgressElement).value),
    ).toBe(100);
    // Issue 38: the bar spans its card (a max-width meant for the lists table held it to a third of it).
    const [barWidth, cardWidth] = await page.locator('section[aria-labelledby="job-status"]').evaluate((card) => {
      const style = getComputedStyle(card);
      const inner = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [card.querySelector('progress')!.getBoundingClientRect().width, inner];
    });
    expect(cardWidth).toBeGreaterThan(900);
    expect(barWidth).toBeCloseTo(cardWidth, 0);
    // Finding 5: duplicates removed, the chart counts the rows the download holds (the 50 repeats left out).
    expect(await page.locator('.legend').innerText()).toContain('Deliverable: 1,200');
    expect(await page.getByTestId('download-deliverable').innerText()).toBe('Deliverable only (1,200 rows)');
    // Finding 6: the results explained and a recommendation, on the job page.
    expect(await page.getByTestId('send-advice').innerText()).toContain('Send to the 1,200 Deliverable addresses');
    expect(await page.getByTestId('result-meanings').innerText()).toContain('The domain accepts every address');
    // Small finding: thousands separators.
    expect(await page.locator('section[aria-labelledby="job-status"]').innerText()).toContain('Credits charged: 1,950');
    jobUrl = page.url();
    await audit('job');
    await screenshot(page, 'job');
  }, 120_000);

  it('finding 5: downloads the deliverable rows only, as many as the page says, in its words', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-deliverable').click(),
    ]);
    const text = await (
      await download.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const rows = await parseCsv(text);
    expect(rows[0]).toEqual(['id', 'name', 'email', 'company', 'Email status']);
    expect(rows).toHaveLength(1 + 1200);
    expect(rows.slice(1).every((row) => row[4] === 'Deliverable' && row[2].startsWith('p'))).toBe(true);
    // Small finding: the file is named after the rows it holds.
    expect(download.suggestedFilename()).toBe('leads-deliverable.csv');
  });

  it('creates an API key whose secret is shown once', async () => {
    // The job charged its 1,950 decisive results (1,200 ok, 300 catch-all, 450 invalid; repeats are free).
    await overviewShowsBalance(BOUGHT - 1950);
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    // Small finding: an empty state that says what a key is for.
    await page.getByTestId('keys-empty').waitFor();
    // Finding 8: checked in the form, said in a plain sentence beside the field.
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    await page.getByText('Give the key a name, such as “CRM sync”').waitFor();
    expect(await page.getByLabel('Label for the new key', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Label for the new key', { exact: true }).fill('CRM sync');
    await page.getByRole('button', { name: 'Create key', exact: true }).click();
    expect(await page.getByTestId('secret-value').innerText()).toMatch(/^mk_/);
    await page.getByRole('cell', { name: 'CRM sync', exact: true }).waitFor();
    // keys.png and keys-empty.png come from keys.browser.int.spec.ts, which lists every kind of key.
    await audit('keys');
    await page.getByRole('button', { name: 'I saved it', exact: true }).click();
    expect(await page.getByTestId('secret-value').count()).toBe(0);
  });

  it("invites a member who signs up, joins and makes a key; a verify with it lowers the owner's balance in the UI", async () => {
    await inviteTheMember(world);
    const secret = await memberJoinsAndMakesAKey(world);

    const verified = await fetch(url('/v1/verify/single'), {
      method: 'POST',
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'p5@shop.test' }),
    });
    expect((await verified.json()).data).toMatchObject({ result: 'ok', creditsCharged: 1 });
    await overviewShowsBalance(BOUGHT - 1950 - 1);
    // The usage chart is fed by the analytics consumer: the job's 1,950 distinct addresses (bulk jobs count
    // as usage) and the member's call, all today.
    await eventually(
      async () => {
        if (await page.locator('figcaption').filter({ hasText: '(1,951 in all)' }).count()) return;
        await page.reload();
        throw new Error('the usage chart does not count (1,951 in all) yet');
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(await page.locator('.usage-chart figcaption').innerText()).toContain('(1,951 in all)');
    // Finding 9: the caption says what the total counts (the list's 1,950 distinct addresses are in it).
    expect(await page.getByTestId('usage-scope').innerText()).toContain('each distinct address of your lists');
    expect(await page.getByTestId('usage-scope').innerText()).toContain('Finder lookups are not in this chart');
    expect(await page.locator('.usage-chart rect[data-result="ok"]').count()).toBe(1);
    await audit('overview');
    await screenshot(page, 'overview');
    await page.getByRole('link', { name: 'Team', exact: true }).click();
    const memberRow = page.getByRole('row').filter({ hasText: MEMBER.email });
    await memberRow.waitFor();
    // verifications, finder calls and credits of the last 30 days, per member
    expect(await memberRow.innerText()).toMatch(/member\s+\S+\s+1\s+0\s+1/);
    await screenshot(page, 'team');
  }, 90_000);

  it('verifies pasted addresses with each result explained', async () => {
    await page.getByRole('link', { name: 'Verify', exact: true }).click();
    await page.getByLabel(/One address, or up to 100/).fill('p7@shop.test\nx1600@shop.test\nsomeone@beta.test');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const table = page.getByTestId('verify-results');
    await table.waitFor();
    const text = await table.innerText();
    expect(text).toContain('Deliverable');
    expect(text).toContain('Invalid');
    expect(text).toContain('Catch-all');
    expect(text).toContain('The mailbox exists and accepts mail');
    await audit('verify');
    await screenshot(page, 'verify');
  });

  it('finds one person, a pasted batch and a file of people, with progress', async () => {
    await page.getByRole('link', { name: 'Finder', exact: true }).click();
    await page.getByLabel('First name', { exact: true }).fill('Grace');
    await page.getByLabel('Last name', { exact: true }).fill('Hopper');
    await page.getByLabel('Company domain', { exact: true }).fill('shop.test');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    expect(await page.getByTestId('finder-one-result').innerText()).toContain('grace.hopper@shop.test');
    await page.getByLabel(/One person per line/).fill('Alan Turing, shop.test\nNobody Here, shop.test');
    await page.getByRole('button', { name: 'Find all', exact: true }).click();
    await page.getByText('1 found, 1 not found').waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'first_name,last_name,domain\nGrace,Hopper,shop.test\nAlan,Turing,shop.test\nNo,Body,shop.test\n',
      ),
    });
    await page.getByTestId('progress-text').filter({ hasText: 'Done: 3 of 3 rows' }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('link', { name: 'Download', exact: true }).getAttribute('href')).toMatch(
      /^\/v1\/finder\/jobs\/\d+\/download$/,
    );
    await audit('finder');
    await screenshot(page, 'finder');
  }, 90_000);

  it('adds a webhook, sends a signed test delivery and shows it in the delivery log', async () => {
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    // Finding 8: a plain sentence in the form, before anything is sent.
    await page.getByLabel('HTTPS address that receives the events', { exact: true }).fill('http://example.com/hook');
    await page.getByRole('button', { name: 'Add webhook', exact: true }).click();
    await page.getByText('The address must start with https:// so the events travel encrypted.').waitFor();
    await screenshot(page, 'webhooks-validation');
    await page
      .getByLabel('HTTPS address that receives the events', { exact: true })
      .fill(world.receiver.url('/dashboard-hook'));
    await page.getByRole('button', { name: 'Add webhook', exact: true }).click();
    expect(await page.getByTestId('secret-value').innerText()).toMatch(/\S{16,}/);
    await page.getByRole('button', { name: 'I saved it', exact: true }).click();
    await page.getByRole('button', { name: 'Send a test', exact: true }).click();
    await page.getByText(/Test delivered: the receiver answered 200/).waitFor();
    expect(world.receiver.requests.some((r) => r.path === '/dashboard-hook')).toBe(true);
    await page.getByRole('button', { name: 'Delivery log', exact: true }).click();
    // The log is a read model: it may trail the delivery by a moment.
    await eventually(
      async () => {
        if (await page.getByRole('cell', { name: 'webhook.test', exact: true }).count()) return;
        await page.getByRole('button', { name: 'Refresh the log', exact: true }).click();
        throw new Error('the delivery log does not list webhook.test yet');
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(await page.getByTestId('delivery-log').innerText()).toMatch(/webhook\.test\s+succeeded\s+#1: 200/);
    await audit('webhooks');
    await screenshot(page, 'webhooks');
  });

  it('shows the account page with the open sessions', async () => {
    await page.getByRole('link', { name: OWNER.email, exact: true }).click();
    await page.getByRole('heading', { name: 'Your account', exact: true }).waitFor();
    await page.getByRole('cell', { name: 'This session', exact: true }).waitFor();
    // Small finding: a readable device, the raw user-agent only in its tooltip.
    const device = await page.getByRole('row').filter({ hasText: 'This session' }).locator('td').first().innerText();
    expect(device).toMatch(/^Chrome \(headless\) \d+ on Linux$/);
    await audit('account');
    await screenshot(page, 'account');
  });

  it('small finding (issue 37): a job cancelled before any row was verified offers no download', async () => {
    await page.goto(url('/app/lists'));
    const csv = 'email\n' + Array.from({ length: 5 }, (_, i) => `stuck${i}@grey.test`).join('\n') + '\n';
    await page.locator('input[type=file]').setInputFiles({
      name: 'greylisted.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Start verification', exact: true }).click();
    await page.getByRole('heading', { name: 'greylisted.csv', exact: true }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel job', exact: true }).click();
    await page.getByTestId('nothing-verified').waitFor();
    expect(await page.getByRole('heading', { name: 'Download', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('download-all').count()).toBe(0);
    await screenshot(page, 'job-cancelled-empty');
  }, 60_000);

  it('finding 10: works on a phone: a short header, readable chart labels, a table that says it scrolls, no drag and drop', async () => {
    await checkPhoneLayout(world, jobUrl);
  }, 60_000);

  it('focuses the email field on the sign-in page', async () => {
    const fresh = await world.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const signIn = await fresh.newPage();
    await signIn.goto(url('/app/signin'));
    await signIn.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    expect(await signIn.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('email');
    axeFindings['sign-in'] = await seriousAxeViolations(signIn);
    await screenshot(signIn, 'sign-in');
    await fresh.close();
  });

  it('is reachable by keyboard: the skip link comes first and moves focus to the content', async () => {
    await page.goto(url('/app/verify'));
    await page.getByRole('heading', { name: 'Verify addresses', exact: true }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('verify-input');
  });

  it('has no serious or critical accessibility violations on any page checked (axe-core)', () => {
    expect(Object.keys(axeFindings).length).toBeGreaterThanOrEqual(13);
    expect(axeFindings).toEqual(Object.fromEntries(Object.keys(axeFindings).map((name) => [name, []])));
  });
});

import { Browser, Page } from 'playwright-core';
import { eventually, present } from '@lib/common/testing';
import { signedInUser, PASSWORD } from '../../e2e/dashboard/dashboard-users';
import { JobsPeers, startJobsPeers, uploadJob } from '../../e2e/jobs/jobs-world';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium, seriousAxeViolations } from './browser-support';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

// Issue 39 in the dashboard, in real Chromium: a job's "Delete now" behind a confirmation, a data subject's
// address erased from the Team page, and the owner closing the account by typing the team's name.
describeWithBrowser('erasing from the dashboard', () => {
  let peers: JobsPeers;
  let app: TestApp;
  let browser: Browser;
  let owner: SignedIn;
  let key: string;

  const open = async (path: string): Promise<Page> => {
    // bypassCSP only so the test can inject axe-core; the app itself runs under the page's CSP.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addCookies([...owner.browser.cookies].map(([name, value]) => ({ name, value, url: app.url })));
    const page = await context.newPage();
    await page.goto(`${app.url}/app${path}`);
    return page;
  };

  beforeAll(async () => {
    peers = await startJobsPeers();
    app = await startTestApp({ ...peers.env, TRIAL_CREDITS: '100', DATA_KEY_CACHE_SECONDS: '1' });
    owner = await signedInUser(app);
    key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data.apiKey;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await peers?.close();
  });

  it('deletes an ended job now, once confirmed in the page', async () => {
    const created = await uploadJob(app, key, 'email\r\nrow.one@beta.test\r\n');
    const id = created.body.data.id;
    await eventually(
      async () => {
        const job = (await app.request('GET', `/v1/jobs/${id}`, { key })).body.data;
        return present(job.status === 'Completed', 'the job to complete');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const page = await open(`/lists/${id}`);
    await page.getByRole('button', { name: 'Delete now' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this list’s data now?' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByTestId('job-erased').waitFor();
    const receipt = await app.request('GET', `/v1/erasures/job-${id}`, { key });
    expect(receipt.body.data.target).toMatchObject({ kind: 'job', jobId: id });
  }, 60_000);

  it('erases an address from the Team page', async () => {
    const page = await open('/team');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByLabel('Address to erase').fill('jane.doe@beta.test');
    await page.getByRole('button', { name: 'Erase this address' }).click();
    await page.getByText(/The address is being erased \(erasure address-[0-9a-f]{32}-1\)/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 60_000);

  it("closes the account once the owner types the team's name, and signs them out for good", async () => {
    const page = await open('/team');
    const close = page.getByRole('button', { name: 'Close the account for good' });
    await close.waitFor();
    expect(await close.isDisabled()).toBe(true);
    await page.getByLabel("Type the team's name, Engines Ltd, to confirm").fill('Engines Ltd');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await close.click();
    await page.waitForURL(`${app.url}/`);
    const again = await owner.browser.request('POST', '/dashboard/v1/sign-in', {
      body: { email: owner.email, password: PASSWORD },
    });
    expect([again.status, again.body.error.code]).toEqual([403, 6017]);
  }, 60_000);
});

import { Browser, Page } from 'playwright-core';
import { eventually, present } from '@lib/common/testing';
import { joinedMember, signedInUser } from '../../e2e/dashboard/dashboard-users';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium, seriousAxeViolations } from './browser-support';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

// Issue 39: the team's data retention on the Team page, chosen by the owner within the operator's bounds,
// read-only for a member; accessible (axe, labelled inputs) in real Chromium.
describeWithBrowser('data retention on the Team page', () => {
  let app: TestApp;
  let browser: Browser;
  let owner: SignedIn;

  const open = async (who: SignedIn): Promise<Page> => {
    // bypassCSP only so the test can inject axe-core; the app itself runs under the page's CSP.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addCookies([...who.browser.cookies].map(([name, value]) => ({ name, value, url: app.url })));
    const page = await context.newPage();
    await page.goto(`${app.url}/app/team`);
    await page.getByRole('heading', { name: 'Data retention' }).waitFor();
    return page;
  };

  beforeAll(async () => {
    app = await startTestApp({ HISTORY_RETENTION_DAYS: '30', HISTORY_RETENTION_DAYS_MIN: '3' });
    owner = await signedInUser(app);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows the defaults, and saves the owner's choice within the bounds", async () => {
    const page = await open(owner);
    const inForce = page.getByTestId('retention-in-force');
    expect(await inForce.innerText()).toContain(
      "kept 30 days; a list's file and results 30 days after the job ends (this service's defaults)",
    );
    const history = page.getByLabel('Keep call history (days)');
    expect(await history.getAttribute('min')).toBe('3');
    await history.fill('7');
    await page.getByLabel('Keep list files and results (days after the job ends)').fill('14');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page
      .getByText('Data retention saved: calls are kept 7 days, list files 14 days after the job ends.')
      .waitFor();
    expect(await inForce.innerText()).toContain("kept 7 days; a list's file and results 14 days after the job ends.");
    expect(await seriousAxeViolations(page)).toEqual([]);
    const stored = await owner.browser.request('GET', '/dashboard/v1/retention');
    expect(stored.body.data).toMatchObject({ historyDays: 7, jobFilesDays: 14, chosen: true });
  }, 60_000);

  it("says on the lists page and the job page when an ended job's files are deleted", async () => {
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data.apiKey;
    const form = new FormData();
    form.append('file', new Blob(['email\r\nada@example.invalid\r\n']), 'list.csv');
    const upload = await fetch(`${app.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    const uploaded = (await upload.json()) as { data: { id: number } | null };
    if (!uploaded.data) throw new Error(JSON.stringify(uploaded));
    const jobId = uploaded.data.id;
    let finishedAt = '';
    await eventually(
      async () => {
        const job = (await app.request('GET', `/v1/jobs/${jobId}`, { key })).body.data;
        finishedAt = job.finishedAt;
        return present(job.status === 'Completed', 'the job to complete');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    // 14 days after it ended: the team chose 14 above.
    const on = new Date(Date.parse(finishedAt) + 14 * 24 * 3_600_000).toLocaleDateString('en', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    const page = await open(owner);
    await page.goto(`${app.url}/app/lists`);
    const row = page.getByRole('region', { name: 'Jobs' }).getByTestId('files-delete-on');
    await row.waitFor();
    expect(await row.innerText()).toBe(`Files deleted on ${on}`);
    await page.goto(`${app.url}/app/lists/${jobId}`);
    const notice = page.getByTestId('files-delete-on');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`will be deleted on ${on}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 60_000);

  it('shows a member the retention without a form', async () => {
    const member = await joinedMember(app, owner, 'member');
    const page = await open(member);
    expect(await page.getByTestId('retention-in-force').innerText()).toContain('kept 7 days');
    expect(await page.getByRole('button', { name: 'Save retention' }).count()).toBe(0);
  }, 60_000);
});

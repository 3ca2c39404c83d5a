import { overflowsHorizontally, screenshot } from './browser-support';
import { DashboardUiWorld } from './dashboard-ui-world';

/**
 * Finding 10: the owner's session on a phone (390 px, touch): a short header, a menu instead of the
 * links, the Lists page without its pointer wording and with a preview that says it scrolls, a job's
 * chart with readable labels, and no page wider than the screen. `jobUrl` is the story's finished job.
 */
export async function checkPhoneLayout(world: DashboardUiWorld, jobUrl: string): Promise<void> {
  const { browser, context, url } = world;
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    storageState: await context.storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto(url('/app'));
  await phone.getByRole('heading', { name: 'Overview', exact: true }).waitFor();
  await phone.getByTestId('header-balance').filter({ hasText: 'credits' }).waitFor();
  expect(await overflowsHorizontally(phone)).toBe(false);
  const header = await phone.locator('header.topbar').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(72);
  expect(await phone.getByTestId('verify-list').isVisible()).toBe(true);
  await screenshot(phone, 'phone-overview');

  expect(await phone.getByRole('link', { name: 'Billing', exact: true }).isVisible()).toBe(false);
  await phone.getByRole('button', { name: 'Menu', exact: true }).click();
  expect(await phone.getByRole('link', { name: 'Billing', exact: true }).isVisible()).toBe(true);
  await phone.getByRole('link', { name: 'Lists', exact: true }).click();
  await phone.getByRole('heading', { name: 'Lists', exact: true }).waitFor();
  await phone.getByText(/^Pick a list .* saved on this device/).waitFor();
  // In the page, but hidden: the pointer wording is what a touch screen leaves out.
  expect(await phone.getByText(/^Drag and drop/).count()).toBe(1);
  expect(await phone.getByText(/^Drag and drop/).isVisible()).toBe(false);
  // A list as exported from a CRM: more columns than a phone shows.
  await phone.locator('input[type=file]').setInputFiles({
    name: 'crm-export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'first_name,last_name,email,company,city,phone\n' +
        'Ada,Lovelace,ada@shop.test,Analytical Engines Ltd,London,+44 20 7946 0000\n' +
        'Grace,Hopper,grace.hopper@shop.test,Naval Computing Lab,Arlington,+1 703 555 0100\n',
    ),
  });
  await phone.getByLabel('Email column', { exact: true }).waitFor();
  expect(await phone.getByTestId('scroll-hint').isVisible()).toBe(true);
  const table = phone.getByRole('region', { name: 'First rows of the file' });
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await overflowsHorizontally(phone)).toBe(false);
  // The viewport as the phone shows it (a full-page capture drops the touch emulation, and with it the
  // touch wording): the drop zone's sentence, then the preview with its scroll hint.
  await screenshot(phone, 'phone-lists', { fullPage: false });

  await phone.goto(jobUrl);
  await phone.getByTestId('send-advice').waitFor();
  // Rendered size of the chart's labels: their font size in SVG units times the SVG's scale on the phone.
  const labelPx = await phone
    .locator('.result-chart svg text')
    .first()
    .evaluate((el) => {
      const svg = (el as SVGTextElement).ownerSVGElement!;
      return (
        (parseFloat(getComputedStyle(el).fontSize) * svg.getBoundingClientRect().width) / svg.viewBox.baseVal.width
      );
    });
  expect(labelPx).toBeGreaterThanOrEqual(11);
  expect(await overflowsHorizontally(phone)).toBe(false);
  await screenshot(phone, 'phone-job');

  await phone.goto(url('/app/billing'));
  await phone.getByTestId('per-credit-2').waitFor();
  expect(await overflowsHorizontally(phone)).toBe(false);
  await screenshot(phone, 'phone-billing');
  await phoneContext.close();
}

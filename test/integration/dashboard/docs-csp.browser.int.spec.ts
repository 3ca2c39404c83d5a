import { Browser } from 'playwright-core';
import { startTestApp, TestApp } from '../../support/test-app';
import { describeWithBrowser, launchChromium } from './browser-support';

/** Operations in the OpenAPI document; Swagger UI should draw one block per operation. */
const AT_LEAST_OPERATIONS = 68;

describeWithBrowser(
  'finding 13: Swagger UI at /docs works under its Content-Security-Policy in Chromium',
  () => {
    let app: TestApp;
    let browser: Browser;

    beforeAll(async () => {
      app = await startTestApp();
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    it('draws every operation, expands one and tries it out, with no CSP violation reported', async () => {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      // Every violation is also a DOM event; the listener is in place before the page's own scripts run.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const answer = await page.goto(`${app.url}/docs`);
      expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(AT_LEAST_OPERATIONS);

      const balance = page.locator('.opblock', { hasText: '/v1/credits/balance' }).first();
      await balance.locator('.opblock-summary').click();
      await balance.getByRole('button', { name: 'Try it out' }).click();
      await balance.getByRole('button', { name: 'Execute' }).click();
      // Swagger UI's own fetch to this origin went through connect-src: the answer (401, no key) is shown.
      await balance.locator('.live-responses-table tbody .response-col_status').first().waitFor({ timeout: 15_000 });
      expect(await balance.locator('.live-responses-table tbody .response-col_status').first().innerText()).toContain(
        '401',
      );
      expect(refused).toEqual([]);
    }, 90_000);
  },
  { dashboard: false },
);

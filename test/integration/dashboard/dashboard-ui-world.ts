import { eventually } from '@lib/common/testing';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { startDnsPeer, DnsPeer, ZoneEntry } from '../../support/peers/dns-peer';
import { SmtpPeer, startSmtpPeer } from '../../support/peers/smtp-peer';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';
import { launchChromium, seriousAxeViolations } from './browser-support';
import { DOMAINS } from './dashboard-ui-fixture';

/**
 * What the dashboard story runs against: real SMTP, DNS and HTTPS peers, one app, one Chromium and the
 * owner's page. One world for the whole story: its tests follow on from each other, and CI starts one
 * app and one browser for it.
 *
 * The helpers are arrow properties so the spec can destructure them before `start` has run.
 */
export class DashboardUiWorld {
  smtp!: SmtpPeer;
  receiver!: HttpsReceiver;
  dns!: DnsPeer;
  app!: TestApp;
  browser!: Browser;
  context!: BrowserContext;
  page!: Page;
  /** The serious axe findings by page name, asserted by the story's last test. */
  readonly axeFindings: Record<string, unknown[]> = {};

  readonly url = (path: string) => `${this.app.url}${path}`;

  /** Runs axe on the page and keeps the serious findings by page name (asserted at the end). */
  readonly audit = async (name: string) => {
    this.axeFindings[name] = await seriousAxeViolations(this.page);
  };

  readonly headerBalance = async () =>
    Number((await this.page.getByTestId('header-balance').innerText()).replace(/[^0-9]/g, ''));

  /** Reloads the overview until it shows `expected` (the balance read model trails the ledger by a moment). */
  readonly overviewShowsBalance = async (expected: number) => {
    const page = this.page;
    await eventually(
      async () => {
        await page.goto(this.url('/app'));
        await page.getByTestId('header-balance').filter({ hasText: 'credits' }).waitFor();
        expect(await this.headerBalance()).toBe(expected);
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(Number((await page.getByTestId('balance').innerText()).replace(/[^0-9]/g, ''))).toBe(expected);
  };

  async start(): Promise<void> {
    this.smtp = await startSmtpPeer({ domains: DOMAINS });
    const zones: Record<string, ZoneEntry> = {};
    for (const domain of Object.keys(DOMAINS)) {
      zones[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }] };
      zones[`mx.${domain}`] = { a: ['127.0.0.1'] };
    }
    this.dns = await startDnsPeer(zones);
    this.receiver = await HttpsReceiver.start();
    this.app = await startTestApp({
      WEBHOOK_CA_FILE: this.receiver.caFile,
      DNS_SERVERS: this.dns.server,
      SMTP_PROBE_PORT: String(this.smtp.port),
      SMTP_CONNECT_TIMEOUT_MS: '3000',
      SMTP_COMMAND_TIMEOUT_MS: '3000',
      SMTP_BANNER_TIMEOUT_MS: '3000',
      // The manual payment processor's test mode: a checkout completes at once (no operator confirmation).
      MANUAL_PAYMENTS_AUTO_CONFIRM: 'true',
    });
    this.browser = await launchChromium();
    // bypassCSP only so the test can inject axe-core; the app itself runs under the page's CSP.
    this.context = await this.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
      bypassCSP: true,
    });
    this.page = await this.context.newPage();
    this.page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  }

  /** Closes what `start` got to, even when it failed part way (optional chaining: the rest is unset). */
  async close(): Promise<void> {
    await this.browser?.close();
    await this.app?.close();
    await Promise.all([this.smtp?.close(), this.dns?.close(), this.receiver?.close()]);
  }
}

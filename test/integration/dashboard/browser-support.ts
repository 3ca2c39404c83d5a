import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';

/** Debian's chromium package (installed by .ci/run); CHROMIUM_PATH overrides. Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SCREENSHOTS_DIR = path.resolve(__dirname, '../../../docs/screenshots');

/**
 * Registers the suite when the browser binary and (unless `needs.dashboard` is false: a page the API
 * serves itself, such as /docs) the built dashboard exist, and nothing else the suite needs is `missing`
 * (a reason each); otherwise the same tests are registered as skipped with the reason in the suite name (as for
 * missing integration servers).
 */
export function describeWithBrowser(
  title: string,
  body: () => void,
  needs: { dashboard: boolean; missing?: string[] } = { dashboard: true },
): void {
  const missing = [
    !fs.existsSync(CHROMIUM_PATH) && `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`,
    needs.dashboard &&
      !fs.existsSync(path.resolve(__dirname, '../../../dist/web/index.html')) &&
      'the dashboard is not built (npm run build)',
    ...(needs.missing ?? []),
  ].filter(Boolean);
  if (missing.length === 0) return describe(title, body);
  process.stderr.write(`\n*** SKIPPED browser suite "${title}": ${missing.join('; ')} ***\n\n`);
  describe.skip(`${title} [SKIPPED: ${missing.join('; ')}]`, body);
}

export async function launchChromium(): Promise<Browser> {
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core (WCAG 2 A/AA rules) on the page as it is now; returns the serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/** Saves docs/screenshots/<name>.png: the whole page unless `fullPage` is false (the viewport only). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage });
}

/** True when the page is wider than the viewport (a phone would have to scroll sideways). */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

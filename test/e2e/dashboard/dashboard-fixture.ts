import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { TestApp } from '../../support/test-app';

export const PASSWORD = 'correct horse battery staple';

let counter = 0;
/** A fresh address per call so tests in one app never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${++counter}@example.com`;
}

/** Signs up, confirms from the outbox and signs in; returns the signed-in browser. */
export async function signedInUser(
  app: TestApp,
  email = uniqueEmail(),
  name = 'Ada Lovelace',
): Promise<{ browser: DashboardBrowser; email: string; user: any }> {
  const browser = new DashboardBrowser(app.url);
  await browser.prepare();
  const signUp = await browser.request('POST', '/dashboard/v1/sign-up', {
    body: { email, password: PASSWORD, name, company: 'Engines Ltd' },
  });
  if (signUp.status !== 202) throw new Error(`sign-up: ${signUp.status} ${signUp.text}`);
  const confirm = await browser.request('POST', '/dashboard/v1/confirm-email', {
    body: { token: await tokenFromOutbox(app.dataDir, email, '/confirm-email') },
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${confirm.text}`);
  const signIn = await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.text}`);
  return { browser, email, user: signIn.body.data.user };
}

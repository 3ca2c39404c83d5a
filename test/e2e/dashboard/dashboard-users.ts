import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { TestApp } from '../../support/test-app';

export const PASSWORD = 'correct horse battery staple';

let counter = 0;
/** A fresh address per call so tests in one app never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${++counter}@example.com`;
}

/** Signs up and confirms from the outbox, which signs the browser in (one session); returns the signed-in browser. */
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
  return { browser, email, user: confirm.body.data.user };
}

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

/** A user invited into the owner's team with this role, who signs up, confirms and joins from the mailed link. */
export async function joinedMember(
  app: TestApp,
  owner: SignedIn,
  role: 'admin' | 'member',
  name = 'Grace Hopper',
): Promise<SignedIn> {
  const email = uniqueEmail(role);
  const invited = await owner.browser.request('POST', '/dashboard/v1/team/invites', { body: { email, role } });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${invited.text}`);
  const member = await signedInUser(app, email, name);
  const joined = await member.browser.request('POST', '/dashboard/v1/team/invites/accept', {
    body: { token: await tokenFromOutbox(app.dataDir, email, '/accept-invite') },
  });
  if (joined.status !== 200) throw new Error(`accept: ${joined.status} ${joined.text}`);
  return member;
}

import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { PASSWORD, uniqueEmail } from './dashboard-users';

/** Signs up in a fresh browser and returns it with the confirmation token from the outbox. */
async function signedUp(app: TestApp): Promise<{ browser: DashboardBrowser; email: string; token: string }> {
  const email = uniqueEmail('confirm');
  const browser = new DashboardBrowser(app.url);
  await browser.prepare();
  await browser.request('POST', '/dashboard/v1/sign-up', {
    body: { email, password: PASSWORD, name: 'Ada', company: '' },
  });
  return { browser, email, token: await tokenFromOutbox(app.dataDir, email, '/confirm-email') };
}

describe('confirming an address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  it('finding 9: signs in the browser that opened the link, with a new session-bound CSRF token', async () => {
    const { browser, email, token } = await signedUp(app);
    const anonymousCsrf = browser.cookies.get('mc_csrf')!;
    expect((await browser.request('GET', '/dashboard/v1/me')).status).toBe(401);

    const confirmed = await browser.request('POST', '/dashboard/v1/confirm-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ accepted: true, signedIn: true, user: { email } });
    expect(browser.cookies.get('mc_session')).toBeTruthy();
    expect(browser.cookies.get('mc_csrf')).toBe(confirmed.body.data.csrfToken);
    expect(browser.cookies.get('mc_csrf')).not.toBe(anonymousCsrf);
    expect((await browser.request('GET', '/dashboard/v1/me')).body.data).toMatchObject({ email });

    // The session is a real one: a state-changing call needs its CSRF token, not the anonymous one.
    const stale = await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' }, csrf: anonymousCsrf });
    expect(stale.status).toBe(403);
    expect((await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).status).toBe(201);
  });

  it('finding 9: sets the session cookie HttpOnly and SameSite=Lax, as sign-in does', async () => {
    const { browser, token } = await signedUp(app);
    const csrf = browser.cookies.get('mc_csrf')!;
    const response = await fetch(`${app.url}/dashboard/v1/confirm-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `mc_csrf=${csrf}`, 'x-csrf-token': csrf },
      body: JSON.stringify({ token }),
    });
    const session = response.headers.getSetCookie().find((line) => line.startsWith('mc_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
  });

  it('finding 9: opens one session for a link used twice at once, and none for a used link', async () => {
    const { browser, token } = await signedUp(app);
    const other = new DashboardBrowser(app.url);
    await other.prepare();
    const answers = await Promise.all(
      [browser, other].map((b) => b.request('POST', '/dashboard/v1/confirm-email', { body: { token } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const me = await Promise.all([browser, other].map((b) => b.request('GET', '/dashboard/v1/me')));
    expect(me.map((m) => m.status).sort()).toEqual([200, 401]);

    const late = new DashboardBrowser(app.url);
    await late.prepare();
    const replay = await late.request('POST', '/dashboard/v1/confirm-email', { body: { token } });
    expect({ status: replay.status, code: replay.body.error.code }).toEqual({ status: 400, code: 6006 });
    expect(late.cookies.get('mc_session')).toBeUndefined();
    expect((await late.request('GET', '/dashboard/v1/me')).status).toBe(401);
  });

  it('refuses the confirmation without the anonymous CSRF token, and signs nobody in', async () => {
    const { browser, token } = await signedUp(app);
    const refused = await browser.request('POST', '/dashboard/v1/confirm-email', { body: { token }, csrf: null });
    expect(refused.status).toBe(403);
    expect(browser.cookies.get('mc_session')).toBeUndefined();
  });
});

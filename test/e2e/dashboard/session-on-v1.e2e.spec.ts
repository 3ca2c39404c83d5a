import { ADDRESSES, startVerifyWorld, VerifyWorld } from '../verify/verify-world';
import { DashboardBrowser } from '../../support/dashboard-browser';
import { signedInUser } from './dashboard-users';

// The web UI calls the public API with its session cookie instead of a key (a key must stay server-side).
describe('the public API called by a signed-in dashboard session', () => {
  let world: VerifyWorld;
  let browser: DashboardBrowser;
  const balance = async (b: DashboardBrowser) =>
    (await b.request('GET', '/v1/credits/balance')).body.data.balance as number;

  beforeAll(async () => {
    world = await startVerifyWorld({ TRIAL_CREDITS: '100' });
    ({ browser } = await signedInUser(world.app));
  }, 60_000);
  afterAll(() => world?.close());

  it('reads with the cookie alone and spends the team balance with the session CSRF token', async () => {
    expect(await balance(browser)).toBe(100);
    const verified = await browser.request('POST', '/v1/verify/single', { body: { email: ADDRESSES.ok } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ result: 'ok', creditsCharged: 1, creditsRemaining: 99 });
    expect(verified.headers.get('ratelimit-limit')).not.toBeNull();
    const jobs = await browser.request('GET', '/v1/jobs');
    expect(jobs.status).toBe(200);
  });

  it('refuses a state change without the session CSRF token, or with the anonymous one, and charges nothing', async () => {
    const before = world.rcptsFor(ADDRESSES.invalid);
    const missing = await browser.request('POST', '/v1/verify/single', {
      body: { email: ADDRESSES.invalid },
      csrf: null,
    });
    expect({ status: missing.status, code: missing.body.error.code }).toEqual({ status: 403, code: 6002 });
    const anonymous = new DashboardBrowser(world.app.url);
    await anonymous.prepare();
    const foreign = await browser.request('POST', '/v1/verify/single', {
      body: { email: ADDRESSES.invalid },
      csrf: anonymous.cookies.get('mc_csrf')!,
    });
    expect({ status: foreign.status, code: foreign.body.error.code }).toEqual({ status: 403, code: 6002 });
    expect(world.rcptsFor(ADDRESSES.invalid)).toBe(before);
    expect(await balance(browser)).toBe(99);
  });

  it('answers 401 code 6001 for a forged or ended session, never falling back to anything', async () => {
    const forged = await fetch(`${world.app.url}/v1/credits/balance`, { headers: { cookie: 'mc_session=abc.def' } });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as any).error.code).toBe(6001);
    const ended = await fetch(`${world.app.url}/v1/credits/balance`, {
      headers: { cookie: `mc_session=${(await signOutKeepingCookie(world)).cookie}` },
    });
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as any).error.code).toBe(6001);
  });

  it('lets an API key win over a cookie: the key decides whose credits are spent', async () => {
    const { apiKey } = await world.app.createAccount(10);
    const answer = await browser.request('POST', '/v1/verify/single', {
      body: { email: ADDRESSES.catchAll },
      headers: { 'x-api-key': apiKey },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.creditsRemaining).toBe(9);
    expect(await balance(browser)).toBe(99);
  });

  it('still asks API clients without a cookie for a key (1101)', async () => {
    const res = await world.app.request('GET', '/v1/credits/balance');
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 401, code: 1101 });
  });
});

/** Signs a fresh user in, remembers the session cookie, signs out: the cookie a stolen or stale tab would still send. */
async function signOutKeepingCookie(world: VerifyWorld): Promise<{ cookie: string }> {
  const { browser } = await signedInUser(world.app);
  const cookie = browser.cookies.get('mc_session')!;
  expect((await browser.request('POST', '/dashboard/v1/sign-out')).status).toBe(200);
  return { cookie };
}

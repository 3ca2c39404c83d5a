import { HttpsReceiver } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';
import { ADDRESSES, startVerifyWorld, VerifyWorld } from '../verify/verify-world';
import { joinedMember, signedInUser, uniqueEmail } from '../dashboard/dashboard-users';

/** Issue 25's findings on the HTTP surface, each named after its finding (the webhook URL ones: webhook-url-answers). */
describe('security review (issue 25)', () => {
  let world: VerifyWorld;
  let receiver: HttpsReceiver;

  beforeAll(async () => {
    receiver = await HttpsReceiver.start();
    // 127.0.0.1 (the test itself) is the TLS proxy in front of the api, naming client and scheme.
    world = await startVerifyWorld({
      TRIAL_CREDITS: '100',
      TRUSTED_PROXIES: '127.0.0.1',
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_TIMEOUT_MS: '2000',
    });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await receiver?.close();
  });

  describe('finding 6: a paid GET with the session cookie needs the CSRF token', () => {
    it('refuses GET /v1/verify/single from a cross-site link (cookie, no token) with 403 6002, probing and charging nothing', async () => {
      const { browser } = await signedInUser(world.app);
      const before = world.rcptsFor(ADDRESSES.invalid);
      // What a top-level navigation from another site sends: the SameSite=Lax cookie and nothing else.
      const linked = await browser.request('GET', `/v1/verify/single?email=${encodeURIComponent(ADDRESSES.invalid)}`);
      expect({ status: linked.status, code: linked.body.error?.code }).toEqual({ status: 403, code: 6002 });
      expect(world.rcptsFor(ADDRESSES.invalid)).toBe(before);
      expect((await browser.request('GET', '/v1/credits/balance')).body.data.balance).toBe(100);
    });

    it('answers the web UI, which sends the session token on every paid call, and still reads unpaid routes with the cookie alone', async () => {
      const { browser } = await signedInUser(world.app);
      const paid = await browser.request('GET', `/v1/verify/single?email=${encodeURIComponent(ADDRESSES.ok)}`, {
        headers: { 'x-csrf-token': browser.cookies.get('mc_csrf')! },
      });
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ result: 'ok', creditsCharged: 1 });
      expect((await browser.request('GET', '/v1/jobs')).status).toBe(200);
    });
  });

  describe('finding 9: webhook management belongs to owners and admins, not members', () => {
    let team: Awaited<ReturnType<typeof teamOfThree>>;
    beforeAll(async () => {
      team = await teamOfThree(world.app);
    }, 60_000);
    const hook = () => ({ url: receiver.url('/team-hook'), events: [1] });

    it('refuses a member every management route, by session or by their own key, with 403 6010', async () => {
      const owned = await team.owner.request('POST', '/v1/webhooks', { body: hook() });
      expect(owned.status).toBe(201);
      const id = owned.body.data.id;
      const attempts: Array<[string, string, unknown?]> = [
        ['POST', '/v1/webhooks', hook()],
        ['PATCH', `/v1/webhooks/${id}`, { url: receiver.url('/elsewhere') }],
        ['POST', `/v1/webhooks/${id}/toggle`],
        ['POST', `/v1/webhooks/${id}/rotate-secret`],
        ['POST', `/v1/webhooks/${id}/test`],
        ['DELETE', `/v1/webhooks/${id}`],
      ];
      const answers: string[] = [];
      for (const [method, route, body] of attempts) {
        const bySession = await team.member.request(method, route, { body });
        const byKey = await world.app.request(method, route, { key: team.memberKey, body });
        answers.push(`${method} ${route}: session ${bySession.status} ${bySession.body.error?.code}`);
        answers.push(`${method} ${route}: key ${byKey.status} ${byKey.body.error?.code}`);
      }
      expect(answers.filter((answer) => !answer.endsWith('403 6010'))).toEqual([]);
      const after = await team.owner.request('GET', '/v1/webhooks');
      expect(after.body.data.find((w: { id: number }) => w.id === id)).toMatchObject({
        url: hook().url,
        isActive: true,
      });
    });

    it('lets an admin and the owner manage them, and a member still list them', async () => {
      const byAdmin = await team.admin.request('POST', '/v1/webhooks', { body: hook() });
      expect(byAdmin.status).toBe(201);
      const rotated = await world.app.request('POST', `/v1/webhooks/${byAdmin.body.data.id}/rotate-secret`, {
        key: team.ownerKey,
      });
      expect(rotated.status).toBe(200);
      expect((await team.member.request('GET', '/v1/webhooks')).status).toBe(200);
      expect((await team.admin.request('DELETE', `/v1/webhooks/${byAdmin.body.data.id}`)).status).toBe(200);
    });
  });

  describe('finding 13: HSTS over https and a CSP on /docs', () => {
    it('sends Strict-Transport-Security when the trusted proxy says the request came over https, and not over plain http', async () => {
      const overTls = await fetch(`${world.app.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const plain = await fetch(`${world.app.url}/health`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    });

    it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
      const direct = await startTestApp();
      try {
        const res = await fetch(`${direct.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
        expect(res.headers.get('strict-transport-security')).toBeNull();
      } finally {
        await direct.close();
      }
    });

    it('serves /docs with a Content-Security-Policy that allows only its own scripts and styles', async () => {
      const docs = await fetch(`${world.app.url}/docs`);
      expect(docs.status).toBe(200);
      const csp = docs.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(docs.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });
});

/** An owner who signed up, an admin and a member who joined by invitation, each signed in; the member and owner with a key. */
async function teamOfThree(app: TestApp) {
  const owner = await signedInUser(app, uniqueEmail('owner'), 'Ada');
  const admin = (await joinedMember(app, owner, 'admin')).browser;
  const member = (await joinedMember(app, owner, 'member')).browser;
  const keyOf = async (browser: typeof member) =>
    (await browser.request('POST', '/dashboard/v1/keys', { body: { label: 'mine' } })).body.data.apiKey as string;
  return { owner: owner.browser, admin, member, ownerKey: await keyOf(owner.browser), memberKey: await keyOf(member) };
}

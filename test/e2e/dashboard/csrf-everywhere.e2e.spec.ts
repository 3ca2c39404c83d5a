import { DashboardBrowser } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { operationsOf } from '../robustness/openapi-operations';
import { signedInUser } from './dashboard-users';

/**
 * CSRF on every state-changing /dashboard/v1 route, read from the OpenAPI document so a route added
 * later is covered too: a signed-in browser's request without the token, with a made-up one, or with
 * another browser's anonymous token is refused with 403 (6002) before anything runs, and the session
 * is still usable afterwards.
 */
describe('CSRF on every state-changing dashboard route', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('refuses each one without the session-bound token', async () => {
    const operations = operationsOf((await app.request('GET', '/docs-json')).body).filter(
      (op) => op.path.startsWith('/dashboard/v1/') && op.method !== 'GET',
    );
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const { browser } = await signedInUser(app);
    const stranger = new DashboardBrowser(app.url);
    await stranger.prepare();
    const tokens: Array<[string, string | null]> = [
      ['no token', null],
      ['a made-up token', 'x'.repeat(43)],
      ["another browser's token", stranger.cookies.get('mc_csrf')!],
    ];
    const answers: string[] = [];
    for (const op of operations) {
      const route = op.path.replace(/\{[^}]+\}/g, '1');
      for (const [label, csrf] of tokens) {
        const res = await browser.request(op.method, route, { body: {}, csrf });
        answers.push(`${op.id} with ${label}: ${res.status} ${res.body?.error?.code}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(': 403 6002'))).toEqual([]);
    expect((await browser.request('GET', '/dashboard/v1/me')).status).toBe(200);
  });
});

import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { capturingLog } from '../../support/capturing-log';

describe('the request log of a process at LOG_LEVEL=info', () => {
  let app: TestApp;
  let apiKey: string;
  let lines: string[];

  beforeAll(async () => {
    app = await startTestApp({ LOG_LEVEL: 'info' });
    apiKey = (await app.createAccount(5)).apiKey;
    const refused = `mk_${'0'.repeat(16)}_notARealSecretButShapedLikeOne0123456789ab`;
    lines = await capturingLog(async () => {
      await app.request('GET', `/v1/credits/balance?X-API-KEY=${apiKey}`);
      await app.request('GET', `/v1/credits/balance?api_key=${refused}&page=1`);
      await app.request('GET', '/v1/credits/balance', { key: apiKey });
      await app.request('GET', '/v1/jobs?token=opaque-session-token-123', {
        headers: { cookie: 'mc_session=s3ss10n.value' },
      });
      await app.request('GET', '/admin/v1/accounts/nope?admin_token=test-admin-token', {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      await app.request('GET', '/reset-password?token=3349518220705792.q0V9mailedToken');
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('logged the requests (so the checks below look at real lines)', () => {
    expect(lines.some((line) => line.includes('/v1/credits/balance?X-API-KEY=[REDACTED]'))).toBe(true);
    expect(lines.some((line) => line.includes('/reset-password?token=[REDACTED]'))).toBe(true);
  });

  it.each([
    ['an API key sent in the query', () => apiKey],
    ['the secret part of a key-shaped value', () => 'notARealSecretButShapedLikeOne0123456789ab'],
    ['a token in the query', () => 'opaque-session-token-123'],
    ['a session cookie', () => 's3ss10n.value'],
    ['the admin token', () => ADMIN_TOKEN],
    ['a mailed one-time token', () => 'q0V9mailedToken'],
  ])('never contains %s', (_what, secret) => {
    expect(lines.filter((line) => line.includes(secret()))).toEqual([]);
  });
});

import { generateKeyPairSync, sign } from 'node:crypto';
import { startTestApp, TestApp } from '../../support/test-app';
import { FakeClock } from '@lib/common/testing';
import { answer, keyWith } from '../keys/scoped-keys';
import { publishableKey, SHOP, verifyFrom } from './publishable-support';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token's header and claims, read without checking the signature. */
const parts = (token: string) =>
  token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));

// Issue 38, item 3: the form's back end confirms a publishable answer with one call made with a secret key.
describe('verification tokens', () => {
  let app: TestApp;
  const clock = FakeClock.running();
  let accountId: string;
  let secretKey: string;
  let token: string;
  const check = (body: Record<string, unknown>, key = secretKey) =>
    app.request('POST', '/v1/verify/token', { key, body: { email: 'jane@example.com', ...body } });

  beforeAll(async () => {
    app = await startTestApp({}, { clock });
    ({ accountId, apiKey: secretKey } = await app.createAccount(1000));
    const res = await verifyFrom(app, await publishableKey(app, accountId), SHOP, 'Jane@Example.com');
    token = res.body.data.verificationToken;
  });
  afterAll(() => app.close());

  it('confirms a fresh token for the address as submitted (case and spaces aside), naming the result', async () => {
    const res = await check({ token, email: '  JANE@example.COM ' });
    expect(res.status).toBe(200);
    const [header, claims] = parts(token);
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'mailcheck-verification+jws' });
    expect(res.body.data).toMatchObject({
      valid: true,
      email: 'jane@example.com',
      result: claims.result,
      tokenId: claims.jti,
    });
    expect(Date.parse(res.body.data.expiresAt) - Date.parse(res.body.data.issuedAt)).toBe(15 * 60 * 1000);
  });

  it('publishes the key that signed it, without an API key', async () => {
    const res = await app.request('GET', '/v1/verify/token/keys');
    expect(res.status).toBe(200);
    expect(res.body.data.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: parts(token)[0].kid, x: expect.any(String) },
    ]);
  });

  it('refuses a token for another address (1124)', async () => {
    expect(answer(await check({ token, email: 'john@example.com' }))).toEqual({ status: 400, code: 1124 });
  });

  it("refuses another account's token (1123), even a valid one", async () => {
    const other = await app.createAccount(10);
    expect(answer(await check({ token }, other.apiKey))).toEqual({ status: 400, code: 1123 });
  });

  it('refuses a tampered, a forged and a malformed token (1121)', async () => {
    const [header, claims, signature] = token.split('.');
    const better = b64({ ...parts(token)[1], result: parts(token)[1].result === 'ok' ? 'invalid' : 'ok' });
    expect(answer(await check({ token: `${header}.${better}.${signature}` }))).toEqual({ status: 400, code: 1121 });
    const forger = generateKeyPairSync('ed25519').privateKey;
    const forgedBody = `${header}.${claims}`;
    const forged = `${forgedBody}.${sign(null, Buffer.from(forgedBody), forger).toString('base64url')}`;
    expect(answer(await check({ token: forged }))).toEqual({ status: 400, code: 1121 });
    const ownKid = b64({ ...parts(token)[0], kid: 'forger-key' });
    expect(answer(await check({ token: `${ownKid}.${claims}.${signature}` }))).toEqual({ status: 400, code: 1121 });
    for (const junk of ['abc', 'a.b.c', `${header}.${claims}`, `${token}.${signature}`])
      expect(answer(await check({ token: junk }))).toEqual({ status: 400, code: 1121 });
  });

  it('needs a secret key with the verify scope, and a token and an address', async () => {
    const { apiKey } = await keyWith(app, accountId, { scopes: ['jobs'] });
    expect(answer(await check({ token }, apiKey))).toEqual({ status: 403, code: 1109 });
    expect(
      answer(await app.request('POST', '/v1/verify/token', { body: { token, email: 'jane@example.com' } })),
    ).toEqual({
      status: 401,
      code: 1101,
    });
    expect(answer(await app.request('POST', '/v1/verify/token', { key: secretKey, body: { token } }))).toEqual({
      status: 400,
      code: 1006,
    });
  });

  it('refuses a test key (403, 1117): tokens come from publishable keys, which are live', async () => {
    const { apiKey } = await keyWith(app, accountId, { kind: 'test' });
    const res = await check({ token }, apiKey);
    expect(answer(res)).toEqual({ status: 403, code: 1117 });
    expect(res.body.error.message).toContain('there are no test publishable keys');
  });

  it('refuses the token once it has expired (1122)', async () => {
    clock.advance(15 * 60 * 1000);
    const res = await check({ token });
    expect(answer(res)).toEqual({ status: 400, code: 1122 });
    expect(res.body.error.expiredAt).toBe(new Date(parts(token)[1].exp * 1000).toISOString());
  });
});

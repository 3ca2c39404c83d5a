// Verification tokens, the back-end half of a sign-up form: a publishable key's answer (as a browser page at a
// listed origin gets it from the real service) confirmed online with a secret key and offline with the keys.
// Live keys on purpose: publishable keys are live only (there are no test publishable keys, docs/test-mode.md),
// so a token and its check are live too.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { InvalidRequestError, Mailcheck } from '../dist/esm/index.js';
import { verifyVerificationToken, VerificationTokenError } from '../dist/esm/verification-token.js';
import { service, stopServices } from './support.mjs';

const SHOP = 'https://shop.example';
let svc;
let client;
let publishableKey;
let accountId;
let token;

const admin = (path, body) =>
  fetch(`${svc.url}/admin/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${svc.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json());

before(async () => {
  svc = await service();
  const account = (await admin('/accounts', { name: 'sign-up form', credits: 100 })).data;
  accountId = account.accountId;
  client = new Mailcheck({ apiKey: account.apiKey, baseUrl: svc.url });
  publishableKey = (
    await admin(`/accounts/${accountId}/keys`, { label: 'form', kind: 'publishable', allowedOrigins: [SHOP] })
  ).data.apiKey;
  // What the widget does in the page: the browser sets Origin.
  const answer = await fetch(`${svc.url}/v1/verify/single`, {
    method: 'POST',
    headers: { origin: SHOP, 'x-api-key': publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'Jane@Example.com' }),
  }).then((response) => response.json());
  token = answer.data.verificationToken;
});
after(() => stopServices());

test('online: the secret key confirms the token for the submitted address, and refuses it for another', async () => {
  const checked = await client.tokens.check(token, ' jane@example.COM');
  assert.equal(checked.valid, true);
  assert.equal(checked.email, 'jane@example.com');
  assert.equal(typeof checked.result, 'string');
  await assert.rejects(client.tokens.check(token, 'john@example.com'), (error) => {
    assert.ok(error instanceof InvalidRequestError);
    assert.equal(error.code, 1124);
    return true;
  });
  const [header, claims, signature] = token.split('.');
  const forged = `${header}.${claims}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  await assert.rejects(client.tokens.check(forged, 'jane@example.com'), (error) => error.code === 1121);
});

test('a test key cannot check a token: tokens come only from live publishable keys (403, 1117)', async () => {
  const test = new Mailcheck({ apiKey: svc.testApiKey, baseUrl: svc.url });
  await assert.rejects(test.tokens.check(token, 'jane@example.com'), (error) => error.code === 1117);
});

test('offline: the published keys verify the token bound to our publishable key or account', async () => {
  const { keys } = await client.tokens.keys();
  const claims = verifyVerificationToken(token, { email: 'JANE@example.com', keys, publishableKeys: [publishableKey] });
  assert.equal(claims.email, 'jane@example.com');
  assert.equal(claims.acc, accountId);
  assert.equal(verifyVerificationToken(token, { email: 'jane@example.com', keys, accountId }).jti, claims.jti);

  const refused = (options, code) =>
    assert.throws(
      () => verifyVerificationToken(options.token ?? token, { email: 'jane@example.com', keys, accountId, ...options }),
      (error) => error instanceof VerificationTokenError && error.code === code,
    );
  refused({ email: 'john@example.com' }, 1124);
  refused({ accountId: 'another-account' }, 1123);
  refused({ accountId: undefined, publishableKeys: ['mck_pub_0123456789abcdef_secret'] }, 1123);
  refused({ nowSeconds: claims.exp }, 1122);
  const [header, body, signature] = token.split('.');
  const better = Buffer.from(JSON.stringify({ ...claims, result: 'ok', email: 'x@example.com' })).toString('base64url');
  refused({ token: `${header}.${better}.${signature}` }, 1121);
  refused({ keys: [] }, 1121);
  refused({ token: `${header}.${body}` }, 1121);
  assert.throws(() => verifyVerificationToken(token, { email: 'jane@example.com', keys }), TypeError);
});

import { TestApp } from '../../support/test-app';
import { keyWith } from '../keys/scoped-keys';

export const SHOP = 'https://shop.example';

/** A publishable key of the account that works from SHOP and any subdomain of forms.example. */
export const publishableKey = async (app: TestApp, accountId: string) =>
  (await keyWith(app, accountId, { kind: 'publishable', allowedOrigins: [SHOP, 'https://*.forms.example'] })).apiKey;

/** POST /v1/verify/single as a browser page at `origin` would (no Origin header when null), from `visitor`. */
export function verifyFrom(
  app: TestApp,
  key: string,
  origin: string | null,
  email = 'Jane@Example.com',
  visitor?: string,
) {
  const headers: Record<string, string> = {};
  if (origin !== null) headers.origin = origin;
  if (visitor) headers['x-forwarded-for'] = visitor;
  return app.request('POST', '/v1/verify/single', { key, headers, body: { email } });
}

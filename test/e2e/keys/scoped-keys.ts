import { ADMIN_TOKEN, TestApp } from '../../support/test-app';

export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A key of the account made through the admin API with these limits (the body as the API takes it). */
export async function keyWith(app: TestApp, accountId: string, limits: Record<string, unknown>) {
  const res = await app.request('POST', `/admin/v1/accounts/${accountId}/keys`, {
    headers: admin,
    body: { label: 'limited', ...limits },
  });
  if (res.status !== 201) throw new Error(`issue key: ${res.status} ${res.text}`);
  return res.body.data as {
    keyId: string;
    apiKey: string;
    kind: string;
    scopes: string[] | null;
    allowedAddresses: string[] | null;
    allowedOrigins: string[] | null;
  };
}

/** Status and error code of an answer, to compare many at once. */
export const answer = (res: { status: number; body: any }) => ({ status: res.status, code: res.body?.error?.code });

import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { signedInUser } from '../dashboard/dashboard-users';
import { operationsOf } from './openapi-operations';
import { sendAll, type Probe } from './raw-http';

type Parameter = { in: string; name: string; schema?: { type?: string } };
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

/** Routes with integer query parameters when this suite was written; the loop below must find at least these. */
const KNOWN = [
  'GET /v1/jobs page',
  'GET /v1/jobs pageSize',
  'GET /v1/finder/jobs pageSize',
  'GET /v1/credits/transactions page',
  'GET /v1/credits/orders limit',
  'GET /v1/webhooks/{id}/deliveries pageSize',
  'GET /dashboard/v1/billing/orders limit',
  'GET /dashboard/v1/team/usage days',
];

const NOT_INTEGERS: Array<[string, string]> = [
  ['empty', ''],
  ['a word', 'abc'],
  ['a fraction', '1.5'],
  ['a number with a unit', '10px'],
  ['a space', '%20'],
  ['repeated', '1&{name}=2'],
];

describe('finding 13: integer query parameters', () => {
  let app: TestApp;
  let headers: Record<'apiKey' | 'session' | 'admin', Record<string, string>>;
  let integerParams: Array<{ operation: string; path: string; name: string; auth: keyof typeof headers }>;

  beforeAll(async () => {
    app = await startTestApp();
    const { browser } = await signedInUser(app);
    const [session, csrf] = [browser.cookies.get('mc_session')!, browser.cookies.get('mc_csrf')!];
    headers = {
      apiKey: { 'x-api-key': (await app.createAccount(100)).apiKey },
      session: { cookie: `mc_session=${session}; mc_csrf=${csrf}`, 'x-csrf-token': csrf },
      admin: { authorization: `Bearer ${ADMIN_TOKEN}` },
    };
    const document = (await app.request('GET', '/docs-json')).body as Document;
    integerParams = operationsOf(document as never).flatMap((operation) =>
      (document.paths[operation.path][operation.method.toLowerCase()].parameters ?? [])
        .filter((p) => p.in === 'query' && p.schema?.type === 'integer')
        .map((p) => ({ operation: operation.id, path: operation.path, name: p.name, auth: operation.auth })),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the OpenAPI document declares them as integers on every route that takes one', () => {
    expect(integerParams.map((p) => `${p.operation} ${p.name}`)).toEqual(expect.arrayContaining(KNOWN));
  });

  it('refuses an empty, non-integer or repeated value with the error envelope (400, code 1006) on every such route', async () => {
    const probes: Probe[] = integerParams.flatMap(({ operation, path, name, auth }) =>
      NOT_INTEGERS.map(([label, value]): Probe => ({
        operation,
        label: `${name} ${label}`,
        method: 'GET',
        path: `${path.replace(/\{\w+\}/g, '1')}?${name}=${value.replace('{name}', name)}`,
        headers: headers[auth],
      })),
    );
    const outcomes = await sendAll(app.url, probes, 4);
    const answers = outcomes.map((o) => {
      const body = o.contentType.includes('json') ? JSON.parse(o.text) : o.text;
      return { request: `${o.probe.operation} [${o.probe.label}]`, status: o.status, error: body?.error?.code };
    });
    expect(answers.filter((a) => a.status !== 400 || a.error !== 1006)).toEqual([]);
  });

  it('still answers an integer, and an absent parameter takes its default', async () => {
    const key = headers.apiKey['x-api-key'];
    expect((await app.request('GET', '/v1/jobs?page=1&pageSize=5', { key })).body.data).toMatchObject({ pageSize: 5 });
    expect((await app.request('GET', '/v1/jobs', { key })).status).toBe(200);
    // The range stays the route's rule, with its own code.
    expect((await app.request('GET', '/v1/jobs?page=0', { key })).body.error.code).toBe(1007);
  });
});

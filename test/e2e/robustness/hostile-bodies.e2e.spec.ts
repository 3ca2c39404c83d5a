import { JSON_BODY_BOUNDS } from '@lib/http-host/testing';
import { manyKeysBody } from '../../support/hostile-bodies';
import { startTestApp, TestApp } from '../../support/test-app';

describe('bodies built to cost CPU', () => {
  let app: TestApp;
  let brokeKey: string;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp();
    brokeKey = (await app.createAccount(0, 'No credits')).apiKey;
    key = (await app.createAccount(10, 'Some credits')).apiKey;
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['POST /v1/verify/single', '/v1/verify/single', { email: 'jane@acme.test' }],
    ['POST /v1/webhooks', '/v1/webhooks', { url: 'https://hooks.acme.test/in', events: [1] }],
    ['POST /v1/finder/single', '/v1/finder/single', { firstName: 'Jane', domain: 'acme.test' }],
  ])(
    'refuses 130,000 unknown keys sent to %s with 400 code 1006, before any account work',
    async (_name, route, fields) => {
      const res = await app.request('POST', route, { key: brokeKey, body: manyKeysBody(fields) });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: {
          status: 'error',
          data: null,
          error: {
            code: 1006,
            message: `JSON body refused: the body has more than ${JSON_BODY_BOUNDS.keysPerObject} keys.`,
          },
        },
      });
    },
  );

  it('keeps answering /health while 8 such bodies arrive at once', async () => {
    // Events in the order they happen; the assertion is on that order, never on durations.
    const events: string[] = [];
    let hostileOpen = true;
    const poller = (async () => {
      while (hostileOpen) {
        const res = await fetch(`${app.url}/health`);
        await res.arrayBuffer();
        events.push(`health ${res.status}`);
      }
    })();
    const body = manyKeysBody({ email: 'jane@acme.test' });
    events.push('hostile sent');
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const res = await app.request('POST', '/v1/verify/single', { key, body });
        events.push('hostile answered');
        return { status: res.status, code: res.body.error?.code };
      }),
    );
    hostileOpen = false;
    await poller;
    expect(answers).toEqual(new Array(8).fill({ status: 400, code: 1006 }));
    const between = events.slice(events.indexOf('hostile sent'), events.lastIndexOf('hostile answered'));
    expect(between.filter((event) => event.startsWith('health')).length).toBeGreaterThan(0);
    expect(events.filter((event) => event.startsWith('health') && event !== 'health 200')).toEqual([]);
    // Nothing was charged: the 10 credits are all there.
    expect((await app.request('GET', '/v1/credits/balance', { key })).body.data).toMatchObject({ balance: 10 });
  });
});

describe('control characters in input fields', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp();
    key = (await app.createAccount(100, 'Control')).apiKey;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a finder domain carrying an SMTP command with 400 code 5001 naming the domain, charging nothing', async () => {
    const res = await app.request('POST', '/v1/finder/single', {
      key,
      body: { firstName: 'Jane', domain: 'globex.test>\r\nRCPT TO:<x@acme.test' },
    });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 5001 });
    expect(res.body.error.message).toMatch(/domain/);
    expect((await app.request('GET', '/v1/credits/balance', { key })).body.data).toMatchObject({ balance: 100 });
  });

  it.each([
    [
      'an SMTP command in a last name sent alone',
      { lastName: 'Doe>\r\nRCPT TO:<x@acme.test', domain: 'globex.test' },
      'lastName: lastName contains control characters',
    ],
    [
      'a NUL in a last name sent alone',
      { firstName: null, lastName: 'Do\u0000e', domain: 'globex.test' },
      'lastName: lastName contains control characters',
    ],
    [
      'no name at all',
      { firstName: '', lastName: '   ', domain: 'globex.test' },
      'firstName: firstName or lastName is required: a contact needs a domain and at least one name',
    ],
  ])(
    'refuses %s on single finder with 400 code 5001 and inside a batch as that contact’s own 5001, charging nothing',
    async (_what, contact, message) => {
      const single = await app.request('POST', '/v1/finder/single', { key, body: contact });
      expect({ status: single.status, body: single.body }).toEqual({
        status: 400,
        body: { status: 'error', data: null, error: { code: 5001, message } },
      });
      const batch = await app.request('POST', '/v1/finder/batch', { key, body: { contacts: [contact] } });
      expect(batch.status).toBe(200);
      expect(batch.body.data.results[0]).toMatchObject({ index: 0, error: { code: 5001, message } });
      expect(batch.body.data.summary).toMatchObject({ errors: 1, creditsCharged: 0 });
      expect((await app.request('GET', '/v1/credits/balance', { key })).body.data).toMatchObject({
        balance: 100,
        held: 0,
      });
    },
  );

  it('refuses the same domain inside a finder batch as that contact’s own 5001', async () => {
    const res = await app.request('POST', '/v1/finder/batch', {
      key,
      body: { contacts: [{ firstName: 'Jane', domain: 'globex.test\r\nRSET' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ index: 0, error: { code: 5001 } });
  });

  it.each([
    ['a verify body', 'POST', '/v1/verify/single', { email: 'jane@acme.test\r\nRSET' }, 'email'],
    [
      'a verify query',
      'GET',
      `/v1/verify/single?email=${encodeURIComponent('ja\u0000ne@acme.test')}`,
      undefined,
      'email',
    ],
    ['a batch item', 'POST', '/v1/verify/batch', { emails: ['ok@acme.test', 'ja\u001bne@acme.test'] }, 'emails[1]'],
    [
      'a webhook URL (the URL parser would silently drop the tab)',
      'POST',
      '/v1/webhooks',
      { url: 'https://hooks.acme\t.test/in', events: [1] },
      'url',
    ],
    ['a C1 control character', 'POST', '/v1/verify/single', { email: 'jane\u0085@acme.test' }, 'email'],
  ])('refuses %s with 400 code 1006 naming the field', async (_what, method, route, body, field) => {
    const res = await app.request(method, route, { key, body });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 1006 });
    expect(res.body.error.message).toContain(`${field} contains a control character`);
  });

  it('refuses an admin account name with a line break', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: { name: 'Acme\nInc', credits: 1 },
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 1006 });
  });

  it('refuses a control character in an upload form field', async () => {
    const form = new FormData();
    form.append('emailColumn', 'email\r\n');
    form.append('file', new Blob(['email\njane@acme.test\n'], { type: 'text/csv' }), 'list.csv');
    const res = await fetch(`${app.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    const answer = await res.json();
    expect({ status: res.status, code: answer.error?.code }).toEqual({ status: 400, code: 1006 });
    expect(answer.error.message).toContain('emailColumn contains a control character');
  });
});

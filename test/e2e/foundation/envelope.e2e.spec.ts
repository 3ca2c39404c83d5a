import * as http from 'node:http';
import * as net from 'node:net';
import { startTestApp, TestApp } from '../../support/test-app';

/** Sends bytes as they are (fetch would refuse or fix them) and reads the answer until the server closes. */
function rawExchange(url: string, bytes: string): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

function withHeader(url: string, name: string, value: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { [name]: value } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
}

describe('the error envelope', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp();
    key = (await app.createAccount(10)).apiKey;
  });
  afterAll(() => app.close());

  const expectEnvelope = (body: any, code: number) => {
    expect(body).toEqual({ status: 'error', data: null, error: { code, message: expect.any(String) } });
  };

  it('answers an unknown route with 404 and code 1001', async () => {
    const res = await app.request('GET', '/v1/nothing-here', { key });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 1001);
  });

  it('answers a known path with the wrong method with 405, code 1002 and Allow', async () => {
    const res = await app.request('PUT', '/v1/credits/balance', { key });
    expect(res.status).toBe(405);
    expectEnvelope(res.body, 1002);
    expect(res.headers.get('allow')).toContain('GET');
  });

  it('answers malformed JSON with 400 and code 1005', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: '{"name": ',
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1005);
  });

  it('refuses a prototype-poisoning body as malformed JSON (400, code 1005)', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: '{"name":"x","__proto__":{"admin":true}}',
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1005);
  });

  it('answers an unsupported content type with 415 and code 1004', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: 'name=x',
      headers: { authorization: 'Bearer test-admin-token', 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expectEnvelope(res.body, 1004);
  });

  it('answers a multipart form sent to a JSON endpoint with 415 and code 1004, naming the upload endpoints', async () => {
    const form = new FormData();
    form.append('name', 'x');
    const response = await fetch(`${app.url}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-admin-token' },
      body: form,
    });
    expect(response.status).toBe(415);
    const body = (await response.json()) as { error: { message: string } };
    expectEnvelope(body, 1004);
    expect(body.error.message).toContain('/v1/jobs');
  });

  it('answers a body over the JSON limit with 413 and code 1003', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: { name: 'x'.repeat(2 * 1024 * 1024) },
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(res.status).toBe(413);
    expectEnvelope(res.body, 1003);
  });

  it('names the field and the reason on a validation error (400, code 1006)', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: { name: 42 },
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1006);
    expect(res.body.error.message).toContain('name');
  });

  it('refuses JSON nested deeper than 32 levels with 400 and code 1006, before validation recurses into it', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1006);
    expect(res.body.error.message).toContain('32 levels');
  });

  it('refuses a lone UTF-16 surrogate with 400 and code 1006 instead of storing altered text', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: '{"name":"Acme \\ud800"}',
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1006);
    expect(res.body.error.message).toContain('surrogate');
  });

  it('refuses a blank name with 400 and code 1006', async () => {
    const res = await app.request('POST', '/admin/v1/accounts', {
      body: { name: '   ' },
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1006);
    expect(res.body.error.message).toBe('name: must not be blank');
  });

  it('answers a path with a malformed percent-encoding with 400 and code 1006', async () => {
    const res = await app.request('GET', '/v1/jobs/%ZZ', { key });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1006);
  });

  it('answers an over-long path id with 414 and code 1009', async () => {
    const res = await app.request('GET', `/v1/jobs/${'9'.repeat(4_000)}`, { key });
    expect(res.status).toBe(414);
    expectEnvelope(res.body, 1009);
  });

  it('answers headers over the server limit with 431 and code 1010', async () => {
    const res = await withHeader(`${app.url}/v1/credits/balance`, 'x-padding', 'p'.repeat(20_000));
    expect(res.status).toBe(431);
    expectEnvelope(res.body, 1010);
  });

  it('answers bytes that are not HTTP with 400 and code 1006', async () => {
    const res = await rawExchange(app.url, 'HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 1006);
  });

  it('accepts text/json and application/*+json bodies', async () => {
    for (const type of ['text/json', 'application/vnd.acme+json']) {
      const res = await app.request('POST', '/admin/v1/accounts', {
        body: { name: 'typed' },
        headers: { authorization: 'Bearer test-admin-token', 'content-type': type },
      });
      expect(res.status).toBe(201);
    }
  });

  it('wraps success in the envelope with error null', async () => {
    const res = await app.request('GET', '/health');
    expect(res.body).toEqual({ status: 'success', data: { status: 'ok' }, error: null });
  });

  it('reports each adapter on /ready', async () => {
    const res = await app.request('GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body.data.checks.eventStore).toEqual({ adapter: 'sqlite', up: true });
    expect(res.body.data.checks.messageBus).toEqual({ adapter: 'sqlite', up: true });
  });

  it('serves the OpenAPI document with the auth scheme and the error code table', async () => {
    const res = await app.request('GET', '/docs-json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', name: 'X-API-KEY', in: 'header' });
    expect(res.body.info.description).toContain('| 1101 | 401 |');
  });

  it('documents the public routes as needing no key and the webhook isActive flags as booleans', async () => {
    const { body } = await app.request('GET', '/docs-json');
    for (const [route, method] of [
      ['/health', 'get'],
      ['/ready', 'get'],
      ['/v1/credits/packages', 'get'],
    ]) {
      expect({ route, security: body.paths[route][method].security }).toEqual({ route, security: [{}] });
    }
    expect(body.paths['/v1/jobs'].get.security).toBeUndefined();
    for (const schema of ['UpdateWebhookDto', 'ToggleWebhookDto']) {
      expect({ schema, isActive: body.components.schemas[schema].properties.isActive.type }).toEqual({
        schema,
        isActive: 'boolean',
      });
    }
  });
});

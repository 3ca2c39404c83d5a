import * as net from 'node:net';
import { startTestApp, TestApp } from '../../support/test-app';

/** Opens a raw connection, sends the head and the first bytes of a body it never finishes; resolves with all the server sent once it closes. */
function trickle(
  url: string,
  path: string,
  headers: Record<string, string>,
  firstBytes: string,
): { answer: Promise<string>; socket: net.Socket } {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${hostname}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  socket.write(head + firstBytes);
  const answer = new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', () => undefined);
  });
  return { answer, socket };
}

describe('a request body that arrives too slowly', () => {
  let app: TestApp;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp({ HTTP_REQUEST_TIMEOUT_MS: '1000' });
    key = (await app.createAccount(5)).apiKey;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is answered 408 with code 1011 in the envelope and its connection closed', async () => {
    const { answer } = trickle(
      app.url,
      '/v1/verify/single',
      { 'content-type': 'application/json', 'content-length': '100', 'x-api-key': key },
      '{"em',
    );
    const raw = await answer;
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body)).toEqual({
      status: 'error',
      data: null,
      error: { code: 1011, message: expect.any(String) },
    });
  });

  it('is cut for many connections at once while /health still answers', async () => {
    const slow = Array.from({ length: 20 }, () =>
      trickle(
        app.url,
        '/v1/webhooks',
        { 'content-type': 'application/json', 'content-length': '1000', 'x-api-key': key },
        '{',
      ),
    );
    const health = await fetch(`${app.url}/health`);
    expect(health.status).toBe(200);
    const answers = await Promise.all(slow.map((s) => s.answer));
    expect(answers.map((raw) => raw.split(' ')[1])).toEqual(new Array(20).fill('408'));
  });

  it('does not cut a request whose body arrives in time', async () => {
    const res = await app.request('POST', '/v1/verify/single', { key, body: { email: 'not-an-address' } });
    expect(res.status).toBe(200);
  });
});

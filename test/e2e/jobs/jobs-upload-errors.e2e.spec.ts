import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { JobsWorld, startJobsWorld, uploadJob } from './jobs-world';

/**
 * Posts a chunked body, one write per string a few milliseconds apart, reading the answer while it
 * is still sending (fetch waits for the whole body to go out first).
 */
function postRaw(
  url: string,
  headers: Record<string, string>,
  chunks: string[],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers, timeout: 5_000 }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text }));
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 5 s')));
    request.on('error', reject);
    const writeFrom = (index: number): void => {
      if (index === chunks.length || request.destroyed) return void request.end();
      request.write(chunks[index]);
      setTimeout(() => writeFrom(index + 1), 20);
    };
    writeFrom(0);
  });
}

function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('creating a bulk job from a bad upload', () => {
  let world: JobsWorld;
  let key: string;

  beforeAll(async () => {
    world = await startJobsWorld({ JOB_MAX_UPLOAD_BYTES: '20000', JOB_MAX_UNIQUE_EMAILS: '5' });
    ({ apiKey: key } = await world.app.createAccount(100));
  }, 30_000);
  afterAll(() => world?.close());

  const refusals: Array<[string, string | Uint8Array, Record<string, string>, number, number, RegExp]> = [
    ['an empty file', '', {}, 400, 3007, /empty/],
    ['a header without data rows', 'name,email\r\n', {}, 400, 3007, /no data rows/],
    ['a file without any email column', 'name,age\nann,31\nbob,42\n', {}, 400, 3006, /emailColumn/],
    [
      'an email column index beyond the last column',
      'name,email\nann,ann@alpha.test\n',
      { emailColumn: '5' },
      400,
      3006,
      /2 column/,
    ],
    [
      'a column holding no valid address',
      'name,email\nann,ann@alpha.test\n',
      { emailColumn: '0' },
      400,
      3006,
      /no valid email address/,
    ],
    ['a quote that is never closed', 'name,email\nann,"ann@alpha.test\n', {}, 400, 3004, /never closed/],
    [
      'binary data',
      new Uint8Array([
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0,
      ]),
      {},
      400,
      3004,
      /readable CSV/,
    ],
    [
      'more unique addresses than allowed',
      `email\n${Array.from({ length: 6 }, (_, i) => `u${i}@alpha.test`).join('\n')}\n`,
      {},
      400,
      3005,
      /more than 5 unique/,
    ],
    [
      'a file over the size limit',
      `email\n${'someone@alpha.test\n'.repeat(1_500)}`,
      {},
      413,
      3003,
      /larger than the 20000 bytes limit/,
    ],
    ['a non-numeric emailColumn', 'email\nann@alpha.test\n', { emailColumn: 'email' }, 400, 1006, /zero-based/],
  ];

  it.each(refusals)(
    'refuses %s with a clear message, and creates no job and stores nothing',
    async (_what, body, fields, status, code, message) => {
      const response = await uploadJob(world.app, key, body, fields);
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ status: 'error', data: null, error: { code } });
      expect(response.body.error.message).toMatch(message);
      expect((await world.app.request('GET', '/v1/jobs', { key })).body.data.total).toBe(0);
      expect(storedFiles(path.join(world.app.dataDir, 'blobs'))).toEqual([]);
    },
  );

  const boundary = 'upload-boundary';
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n`;
  const fieldParts = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
    ).join('');
  // Each string is written separately (chunked), so the server reads them apart.
  const malformed: Array<[string, string, string[], number, number, RegExp]> = [
    [
      'a multipart type without a boundary',
      'multipart/form-data',
      ['email\nann@alpha.test\n'],
      400,
      1006,
      /Boundary not found/,
    ],
    [
      'a body cut off inside the file',
      `multipart/form-data; boundary=${boundary}`,
      [`${fileHead}email\nann@alpha.test\n`],
      400,
      1006,
      /malformed/,
    ],
    // The rest of the file arriving after the 21st field used to never reach the upload: no answer, a stray blob.
    [
      '21 form fields before the file',
      `multipart/form-data; boundary=${boundary}`,
      [`${fieldParts(21)}${fileHead}email\n`, 'ann@alpha.test\n'.repeat(100), `\r\n--${boundary}--\r\n`],
      413,
      1003,
      /at most 20 form fields/,
    ],
  ];

  it.each(malformed)(
    'answers %s in the envelope (never a 500 or a hang), and creates and stores nothing',
    async (_what, contentType, body, status, code, message) => {
      const response = await postRaw(
        `${world.app.url}/v1/jobs`,
        { 'x-api-key': key, 'content-type': contentType },
        body,
      );
      const answer = JSON.parse(response.text);
      expect(response.status).toBe(status);
      expect(answer).toMatchObject({ status: 'error', data: null, error: { code } });
      expect(answer.error.message).toMatch(message);
      expect((await world.app.request('GET', '/v1/jobs', { key })).body.data.total).toBe(0);
      expect(storedFiles(path.join(world.app.dataDir, 'blobs'))).toEqual([]);
    },
  );

  it('refuses a request without a file part with 400 code 3008', async () => {
    const form = new FormData();
    form.append('emailColumn', '0');
    const response = await fetch(`${world.app.url}/v1/jobs`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.code).toBe(3008);
  });

  it('detects the email column of a headerless file from its values and says so', async () => {
    const response = await uploadJob(world.app, key, 'ann;ann@alpha.test;1\nbob;bob@alpha.test;2\n', {
      dedupe: 'true',
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      hasHeader: false,
      dedupe: true,
      emailColumn: { index: 1, chosenBy: 'values', headerName: null },
      counts: { rows: 2, uniqueAddresses: 2 },
    });
  });

  it('uses the email column given in the request, even after the file part', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a@alpha.test,b@beta.test\nc@alpha.test,d@beta.test\n']), 'two.csv');
    form.append('emailColumn', '1');
    const response = await fetch(`${world.app.url}/v1/jobs`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    const body = (await response.json()) as any;
    expect(response.status).toBe(201);
    expect(body.data.emailColumn).toEqual({ index: 1, chosenBy: 'request', headerName: null });
  });

  it("answers 404 for another account's job and for an id that is not an integer", async () => {
    const created = await uploadJob(world.app, key, 'email\nann@alpha.test\n');
    const other = await world.app.createAccount(10, 'Other');
    for (const route of [
      `/v1/jobs/${created.body.data.id}`,
      `/v1/jobs/${created.body.data.id}/download`,
      `/v1/jobs/${created.body.data.id}/stream`,
    ]) {
      const response = await world.app.request('GET', route, { key: other.apiKey });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: 'error', error: { code: 3001 } });
    }
    expect((await world.app.request('DELETE', `/v1/jobs/${created.body.data.id}`, { key: other.apiKey })).status).toBe(
      404,
    );
    const malformed = await world.app.request('GET', '/v1/jobs/abc', { key });
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.code).toBe(3001);
  });
});

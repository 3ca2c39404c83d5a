import { eventually, present } from '@lib/common/testing';
import { createHash } from 'node:crypto';
import { EventStore } from '@lib/eventstore';
import { requestFingerprint } from '@lib/idempotency';
import { idempotencyStream, sha256 } from '@lib/idempotency/testing';
import { JobsWorld, startJobsWorld } from './jobs-world';

const CSV = 'email\r\nalice@alpha.test\r\nbob@alpha.test\r\nnobody@gamma.test\r\n';

/** Uploads like uploadJob, with headers, and keeps the response headers. */
async function upload(
  world: JobsWorld,
  apiKey: string,
  csv: string,
  headers: Record<string, string>,
  route = '/v1/jobs',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv]), 'list.csv');
  const response = await fetch(`${world.app.url}${route}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, ...headers },
    body: form,
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function jobIds(world: JobsWorld, apiKey: string, route = '/v1/jobs'): Promise<number[]> {
  const res = await world.app.request('GET', route, { key: apiKey });
  return res.body.data.items.map((job: { id: number }) => job.id);
}

describe('Idempotency-Key on job uploads', () => {
  let world: JobsWorld;
  beforeAll(async () => {
    world = await startJobsWorld();
  }, 30_000);
  afterAll(() => world?.close());

  it('answers a retried upload with the job the first created, byte for byte, and runs the list once', async () => {
    const { apiKey, accountId } = await world.app.createAccount(20);
    const first = await upload(world, apiKey, CSV, { 'idempotency-key': 'upload-1' });
    expect(first.status).toBe(201);
    const again = await upload(world, apiKey, CSV, { 'idempotency-key': 'upload-1' });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const jobId = JSON.parse(first.text).data.id;
    expect(await jobIds(world, apiKey)).toEqual([jobId]);
    // Run once, charged once: two ok and one invalid are decisive, 3 credits.
    await eventually(
      async () =>
        present(
          (await world.app.request('GET', `/v1/jobs/${jobId}`, { key: apiKey })).body.data.status === 'Completed',
          'job completed',
        ),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const balance = await eventually(
      async () => {
        const res = await world.app.request('GET', '/v1/credits/balance', { key: apiKey });
        return present(res.body.data.balance === 17 ? res.body.data : null, 'balance 17');
      },
      { timeoutMs: 5_000, intervalMs: 100 },
    );
    expect(balance).toMatchObject({ balance: 17, held: 0 });
    expect(accountId).toBeTruthy();
  });

  it('creates distinct jobs without a key when the same file is allowed again (else 409, code 3021)', async () => {
    const { apiKey } = await world.app.createAccount(20);
    await upload(world, apiKey, CSV, {});
    expect((await upload(world, apiKey, CSV, {})).status).toBe(409);
    await upload(world, apiKey, CSV, {}, '/v1/jobs', { allowDuplicate: 'true' });
    expect(await jobIds(world, apiKey)).toHaveLength(2);
  });

  it('refuses the same key with another file or other options (400, code 2002) and creates nothing', async () => {
    const { apiKey } = await world.app.createAccount(20);
    await upload(world, apiKey, CSV, { 'idempotency-key': 'upload-2' });
    const otherFile = await upload(world, apiKey, `${CSV}x@alpha.test\r\n`, { 'idempotency-key': 'upload-2' });
    expect(otherFile.status).toBe(400);
    expect(JSON.parse(otherFile.text).error.code).toBe(2002);
    const otherOptions = await upload(world, apiKey, CSV, { 'idempotency-key': 'upload-2' }, '/v1/jobs', {
      dedupe: 'true',
    });
    expect(JSON.parse(otherOptions.text).error.code).toBe(2002);
    expect(await jobIds(world, apiKey)).toHaveLength(1);
  });

  it('refuses a malformed key before reading the file (400, code 2003)', async () => {
    const { apiKey } = await world.app.createAccount(20);
    const res = await upload(world, apiKey, CSV, { 'idempotency-key': 'x'.repeat(300) });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.code).toBe(2003);
    expect(await jobIds(world, apiKey)).toHaveLength(0);
  });

  it('creates one job when two uploads with one key arrive together', async () => {
    const { apiKey } = await world.app.createAccount(20);
    const answers = await Promise.all(
      [1, 2, 3].map(() => upload(world, apiKey, CSV, { 'idempotency-key': 'upload-race' })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.parse(a.text).data.id)).size).toBe(1);
    expect(await jobIds(world, apiKey)).toHaveLength(1);
  });

  it('after the first upload died having created its job, the retry answers with that job instead of a second one', async () => {
    const { apiKey, accountId } = await world.app.createAccount(20);
    // The dead attempt: its job exists (created without a key here), its claim is bound to it and 20 minutes old.
    const created = await upload(world, apiKey, CSV, {});
    const jobId = JSON.parse(created.text).data.id;
    const events = world.app.running.app.get(EventStore);
    const requestHash = requestFingerprint('jobs.create', [
      createHash('sha256').update(CSV).digest('hex'),
      'list.csv',
      { emailColumn: null, dedupe: false },
    ]);
    const at = new Date(Date.now() - 20 * 60_000).toISOString();
    await events.appendToStream(
      idempotencyStream(accountId, sha256('upload-dead')),
      [
        { type: 'IdempotencyKeyClaimed', data: { requestHash, claimId: 'dead-claim', at } },
        { type: 'IdempotentWorkBound', data: { claimId: 'dead-claim', work: String(jobId), at } },
      ],
      'no_stream',
    );

    const retry = await upload(world, apiKey, CSV, { 'idempotency-key': 'upload-dead' });
    expect(retry.status).toBe(201);
    expect(JSON.parse(retry.text).data.id).toBe(jobId);
    expect(await jobIds(world, apiKey)).toEqual([jobId]);
    // The takeover stored its answer: from now on it is a plain replay.
    const replay = await upload(world, apiKey, CSV, { 'idempotency-key': 'upload-dead' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.parse(replay.text).data.id).toBe(jobId);
  });

  it('does the same for finder job uploads', async () => {
    const { apiKey } = await world.app.createAccount(20);
    const contacts = 'first name,last name,domain\r\nAlice,Smith,alpha.test\r\n';
    const first = await upload(world, apiKey, contacts, { 'idempotency-key': 'finder-upload' }, '/v1/finder/jobs');
    expect(first.status).toBe(201);
    const again = await upload(world, apiKey, contacts, { 'idempotency-key': 'finder-upload' }, '/v1/finder/jobs');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await jobIds(world, apiKey, '/v1/finder/jobs')).toHaveLength(1);
  });
});
